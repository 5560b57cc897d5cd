-- Group orders by customer, sort by total (ties by name), format a report.
local orders = {
  { c = "bob", amt = 30 }, { c = "ann", amt = 12.5 }, { c = "bob", amt = 5 }, { c = "cy", amt = 35 },
  { c = "ann", amt = 22.5 }, { c = "di", amt = 0 },
}
local totals, counts = {}, {}
for _, o in ipairs(orders) do
  totals[o.c] = (totals[o.c] or 0) + o.amt
  counts[o.c] = (counts[o.c] or 0) + 1
end
local names = {}
for n in pairs(totals) do names[#names + 1] = n end
table.sort(names, function(a, b)
  if totals[a] ~= totals[b] then return totals[a] > totals[b] end
  return a < b
end)
local lines = {}
for i, n in ipairs(names) do
  lines[i] = string.format("%d. %-4s %6.2f (%d)", i, n, totals[n], counts[n])
end
return lines
