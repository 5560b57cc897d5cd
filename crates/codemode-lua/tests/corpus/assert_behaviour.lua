local out = {}
out[1] = select(2, pcall(assert, false))
out[2] = select(2, pcall(assert, nil, "custom"))
out[3] = select(2, pcall(function() assert(1 == 2, "math broke") end))
out[4] = select(2, pcall(function() assert(false) end))
out[5] = {assert(1, 2, 3)}
local ok, e = pcall(assert, false, {k = 1})
out[6] = e.k
return out
