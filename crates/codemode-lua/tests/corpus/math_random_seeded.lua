math.randomseed(42)
local a = {}
for i = 1, 5 do a[i] = math.random(1, 100) end
math.randomseed(42)
local b = {}
for i = 1, 5 do b[i] = math.random(1, 100) end
math.randomseed(7)
local f = math.random()
local g = math.random(10)
local h = math.random(0)
return {a, b, f, g, h}
