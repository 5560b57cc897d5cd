local out = {}
local function e(f) local ok, m = pcall(f) out[#out+1] = m end
local t = {}
e(function() dofile("x") end)
e(function() t.method() end)
e(function() t:method() end)
e(function() local f f() end)
e(function() ("x")() end)
e(function() local up = nil; (function() up() end)() end)
e(function() collectgarbage() end)
return out
