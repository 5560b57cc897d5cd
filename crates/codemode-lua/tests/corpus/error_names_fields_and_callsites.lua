-- Names in messages as lua5.4's getobjname/getfuncname give them: integer and register
-- keys of fields, and the call site's name of a builtin in its argument errors.
local out = {}
local function err(f) return select(2, pcall(f)) end
local t = {}
out[#out + 1] = err(function() return t[1]() end)
out[#out + 1] = err(function() return t[1].x end)
out[#out + 1] = err(function() local k = 1 return t[k]() end)
out[#out + 1] = err(function() return t[1] + 1 end)
out[#out + 1] = err(function() local k = "name" return t[k]() end)
out[#out + 1] = err(function() return t[1.5]() end)
out[#out + 1] = err(function() return t[300]() end)
out[#out + 1] = err(function() return t[true]() end)
out[#out + 1] = err(function() return t["a b"]() end)
out[#out + 1] = err(function() return t[-1]() end)
local f = string.rep
out[#out + 1] = err(function() return f() end)
out[#out + 1] = err(function() local g = f return g() end)
out[#out + 1] = err(function() return string.rep() end)
out[#out + 1] = err(function() return (string.rep)() end)
out[#out + 1] = err(function() local t = {string.rep} return t[1]() end)
out[#out + 1] = err(function() local t = {x = {y = string.rep}} return t.x.y() end)
out[#out + 1] = err(function() return tostring() end)
out[#out + 1] = err(function() local ts = tostring return ts() end)
out[#out + 1] = err(function() return select(1, string.rep)() end)
out[#out + 1] = err(function() return math.floor("x") end)
return out
