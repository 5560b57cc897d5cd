local a, b = math.modf(3.7)
local c, d = math.modf(-3.7)
local e, f = math.modf(5)
return {a, b, c, d, e, f, math.log(8, 2), math.log(100, 10), math.log(1), math.exp(0), math.sin(0), math.cos(0), math.atan(1, 1) * 4 == math.pi, math.log(27, 3)}
