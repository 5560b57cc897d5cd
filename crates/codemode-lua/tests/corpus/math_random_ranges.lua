math.randomseed(123)
local counts = {0, 0, 0}
for i = 1, 300 do local r = math.random(3) counts[r] = counts[r] + 1 end
local ok = true
for i = 1, 100 do local r = math.random(-5, 5) if r < -5 or r > 5 then ok = false end end
local f = math.random()
return {counts, ok, f >= 0 and f < 1, math.random(7, 7)}
