local sales = {}
local regions = {"north", "south", "east", "west"}
for i = 1, 40 do sales[i] = {region = regions[i % 4 + 1], amount = (i * 13) % 50 + 1, month = (i % 3) + 1} end
local byRegion = {}
for _, s in ipairs(sales) do
  local r = byRegion[s.region] or {total = 0, months = {}}
  r.total = r.total + s.amount
  r.months[s.month] = (r.months[s.month] or 0) + s.amount
  byRegion[s.region] = r
end
local out = {}
for _, name in ipairs(regions) do
  local r = byRegion[name]
  out[#out + 1] = string.format("%-6s %4d  m1=%3d m2=%3d m3=%3d", name, r.total, r.months[1] or 0, r.months[2] or 0, r.months[3] or 0)
end
return out
