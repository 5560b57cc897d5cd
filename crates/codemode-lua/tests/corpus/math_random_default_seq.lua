math.randomseed(2024, 5)
local t = {}
for i = 1, 8 do t[i] = math.random(1000000) end
return t
