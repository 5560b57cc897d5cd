local out = {}
out[1] = select(2, pcall(math.floor, "x"))
out[2] = select(2, pcall(math.fmod, 1, 0))
out[3] = select(2, pcall(math.max))
out[4] = math.fmod(1, 0.0) ~= math.fmod(1, 0.0)
out[5] = select(2, pcall(math.random, 2, 1))
return out
