-- load with a reader function producing pieces, a chunk name and an env.
local pieces = { "local a, b = ...\n", "x = a + b\n", "return x * 2, ", "y" }
local i = 0
local f = assert(load(function() i = i + 1 return pieces[i] end, "=pieces", "t", { y = "why" }))
local r1, r2 = f(3, 4)
local env = {}
local g = assert(load("z = 5 return z", "=g", "t", env))
return { r1 = r1, r2 = r2, reads = i, z = g(), envz = env.z, globalz = tostring(z) }
