local w = coroutine.wrap(function() error("inside wrap") end)
local ok, e = pcall(w)
print(ok, e)
local function call() return w() end
print(pcall(call))
local w2 = coroutine.wrap(function() local x = nil; return x.y end)
print(pcall(function() return w2() end))
local w3 = coroutine.wrap(function() error(setmetatable({}, {__tostring = function() return "obj" end})) end)
local ok3, e3 = pcall(w3)
print(ok3, tostring(e3))
return true
