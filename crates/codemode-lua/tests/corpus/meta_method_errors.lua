-- errors in metamethods propagate with their own positions
local mt = {__index = function(t, k) error("no field " .. k) end, __add = function() error({code = 7}) end}
local t = setmetatable({}, mt)
local ok, e = pcall(function() return t.foo end)
local ok2, e2 = pcall(function() return t + 1 end)
return {ok, e, ok2, type(e2) == "table" and e2.code}
