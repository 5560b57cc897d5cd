local out = {}
out[1] = select(2, pcall(table.insert, nil, 1))
out[2] = select(2, pcall(table.insert, {}, 5, 1))
out[3] = select(2, pcall(table.insert, {}, 1, 2, 3))
out[4] = select(2, pcall(function() table.insert(nil, 1) end))
out[5] = select(2, pcall(table.remove, {1,2,3}, 7))
return out
