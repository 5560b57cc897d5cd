local i = 1
local t = {}
i, t[i] = i + 1, 20
local x, y = 1
x, y = y, x
return {i, t[1], t[2], x == nil, y}
