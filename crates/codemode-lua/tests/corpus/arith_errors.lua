local out = {}
local t = {}
local function e(f) local ok, m = pcall(f) out[#out+1] = m end
e(function() return t.x + 1 end)
e(function() local y return y * 2 end)
e(function() return -{} end)
e(function() return undefinedvar - 1 end)
e(function() return 2 ^ nil end)
e(function() return #5 end)
e(function() local s = {} return #s.x end)
return out
