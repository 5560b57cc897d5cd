local grid = {}
for i = 1, 3 do grid[i] = {} for j = 1, 3 do grid[i][j] = i * j end end
local diag = {}
for i = 1, 3 do diag[i] = grid[i][i] end
return {grid, diag}
