-- goto out of nested loops (Lua has no labelled break), and a retry loop with goto.
local grid = { { 1, 2, 3 }, { 4, -5, 6 }, { 7, 8, -9 } }
local found
for i, row in ipairs(grid) do
  for j, v in ipairs(row) do
    if v < 0 then found = { i = i, j = j, v = v } goto done end
  end
end
::done::
local attempts = 0
::retry::
attempts = attempts + 1
if attempts < 3 then goto retry end
local evens = {}
for i = 1, 10 do
  if i % 2 == 1 then goto next end
  evens[#evens + 1] = i
  ::next::
end
return { found = found, attempts = attempts, evens = evens }
