local out = {}
out[1] = select(2, pcall(tonumber, "10", 99))
out[2] = select(2, pcall(tonumber, 10, 16))
out[3] = tonumber("7fffffffffffffff", 16)
out[4] = tonumber("-ff", 16)
return out
