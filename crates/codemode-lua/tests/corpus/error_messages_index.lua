local out = {}
local function e(f) local ok, m = pcall(f) out[#out+1] = m end
local t = {}
e(function() return t.a.b end)
e(function() local x return x.y end)
e(function() return undefined.field end)
e(function() local s = "str" return s.x.y end)
e(function() t.a.b = 1 end)
e(function() local n = 5 n.x = 1 end)
e(function() return t[nil] end)
e(function() t[nil] = 1 end)
e(function() t[0/0] = 1 end)
return out
