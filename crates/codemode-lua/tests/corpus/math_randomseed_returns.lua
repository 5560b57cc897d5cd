-- math.randomseed with arguments returns them; reseeding repeats the sequence.
local a, b = math.randomseed(42)
local x1 = { math.random(100), math.random(100), math.random(100) }
local c, d = math.randomseed(42, 0)
local x2 = { math.random(100), math.random(100), math.random(100) }
local e, f = math.randomseed(7, 9)
return { a = a, b = b, c = c, d = d, e = e, f = f, same = x1[1] == x2[1] and x1[2] == x2[2] and x1[3] == x2[3] }
