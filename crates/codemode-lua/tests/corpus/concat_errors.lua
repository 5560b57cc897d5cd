local out = {}
local function e(f) local ok, m = pcall(f) out[#out+1] = m end
local t = {}
e(function() return "a" .. nil end)
e(function() return t .. "x" end)
e(function() local v return "a" .. v end)
e(function() return "a" .. t.field end)
e(function() return true .. "" end)
e(function() return "a" .. "b" .. {} end)
return out
