local a, b, c = 1, 2
local d, e = (function() return 3, 4, 5 end)()
local f, g = ((function() return 6, 7 end)())
a, b = b, a
local t = {}
t[1], t[2] = 10, 20, 30
return {a, b, c == nil, d, e, f, g == nil, t[1], t[2]}
