local out = {}
local function e(f) local ok, m = pcall(f) out[#out+1] = m end
e(function() return "abc" + 1 end)
e(function() local s = "x" return s * 2 end)
e(function() return 1 - "y" end)
e(function() return -"z" end)
return out
