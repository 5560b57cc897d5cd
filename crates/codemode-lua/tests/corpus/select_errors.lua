local out = {}
out[1] = select(2, pcall(select, 0, 1, 2))
out[2] = select(2, pcall(select, -5, 1))
out[3] = select("#")
out[4] = select(5, 1, 2)
return out
