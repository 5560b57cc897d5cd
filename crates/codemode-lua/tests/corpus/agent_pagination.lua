local function page(items, size, n)
  local out = {}
  for i = (n - 1) * size + 1, math.min(n * size, #items) do out[#out + 1] = items[i] end
  return out
end
local items = {}
for i = 1, 23 do items[i] = i * i end
local pages = {}
local n = 1
while true do
  local p = page(items, 5, n)
  if #p == 0 then break end
  pages[#pages + 1] = {n = n, first = p[1], size = #p}
  n = n + 1
end
return pages
