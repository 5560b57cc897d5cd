-- goto out of nested loops (a labelled break)
local grid = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}
local found
for r = 1, #grid do
  for c = 1, #grid[r] do
    if grid[r][c] * 2 == 10 then
      found = {r, c}
      goto done
    end
  end
end
::done::
return found
