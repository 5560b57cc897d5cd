local orders = {
  {id = "o1", customer = "acme", total = 120, status = "paid"},
  {id = "o2", customer = "globex", total = 80, status = "pending"},
  {id = "o3", customer = "acme", total = 45, status = "paid"},
  {id = "o4", customer = "initech", total = 300, status = "refunded"},
  {id = "o5", customer = "globex", total = 20, status = "paid"},
}
local by = {}
for _, o in ipairs(orders) do
  local g = by[o.customer]
  if not g then g = {customer = o.customer, count = 0, total = 0, ids = {}} by[o.customer] = g end
  g.count = g.count + 1
  g.total = g.total + o.total
  g.ids[#g.ids + 1] = o.id
end
local out = {}
for _, g in pairs(by) do out[#out + 1] = g end
table.sort(out, function(a, b) return a.total > b.total end)
return out
