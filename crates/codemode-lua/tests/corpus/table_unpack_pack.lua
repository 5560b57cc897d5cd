local a, b, c = table.unpack({1, 2, 3})
local p = table.pack(1, nil, 3)
return {a, b, c, p.n, select("#", table.unpack({1, 2, 3}, 2)), select("#", table.unpack({}, 1, 3)), table.unpack({1, 2, 3}, -1, 1)}
