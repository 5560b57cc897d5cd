local out = {}
local function e(f) local ok, m = pcall(f) out[#out+1] = m end
e(function() return 1 < "2" end)
e(function() return {} < {} end)
e(function() local x return x < 1 end)
e(function() local x return 1 > x end)
e(function() return nil <= nil end)
e(function() return true < false end)
return out
