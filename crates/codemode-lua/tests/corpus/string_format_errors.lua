local out = {}
local function e(...) local ok, m = pcall(string.format, ...) out[#out+1] = m end
e("%d", "x")
e("%d", 1.5)
e("%y", 1)
e("%d")
e("%s")
return out
