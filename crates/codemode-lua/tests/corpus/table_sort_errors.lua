local out = {}
out[1] = select(2, pcall(table.sort, {3, "a", 1}))
out[2] = select(2, pcall(table.sort, {1, 2, 3}, 5))
out[3] = select(2, pcall(table.sort, {{}, {}}))
return out
