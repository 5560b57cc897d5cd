local ok, e = xpcall(function() error("bad") end, function(m) return "handled: " .. m end)
local ok2, a, b = xpcall(function(x, y) return x + y, x * y end, print, 3, 4)
local ok3, e3 = xpcall(function() error({1}) end, function(t) return #t end)
return {ok, e, ok2, a, b, ok3, e3}
