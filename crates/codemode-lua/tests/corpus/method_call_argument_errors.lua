-- Argument errors of a builtin called as a method (s:rep(x)) do not count self, and a bad
-- self is "calling 'f' on bad self", as lauxlib's luaL_argerror.
local out = {}
local function err(f) return select(2, pcall(f)) end
out[1] = err(function() return ("x"):rep("y") end)
out[2] = err(function() return ("x"):rep() end)
out[3] = err(function() local s = "abc" return s:sub({}) end)
out[4] = err(function() return ("%d"):format("x") end)
out[5] = err(function() local t = { rep = string.rep } return t:rep(2) end)
out[6] = err(function() local s = "abc" return s:byte(1, {}) end)
out[7] = err(function() return string.rep("x", "y") end)
out[8] = err(function() local t = setmetatable({}, { __index = table }) t:insert(1, 2, 3) end)
out[9] = err(function() local t = setmetatable({}, { __index = table }) return t:concat({}) end)
out[10] = err(function() local s = "x" return s.rep(s, "z") end)
local obj = setmetatable({}, { __tostring = function() return "obj" end })
out[11] = err(function() return ("%s %d"):format(obj, "x") end)
local proxy = setmetatable({}, { __index = table, __len = function() return 2 end })
out[12] = err(function() return proxy:concat(5, "x") end)
out[13] = err(function() return proxy:remove("x") end)
out[14] = err(function() return pcall(string.rep) end)
return out
