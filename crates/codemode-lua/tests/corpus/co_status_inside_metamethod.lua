local co
local mt = {__index = function(t, k) return coroutine.status(co) .. ":" .. k end}
co = coroutine.create(function() local t = setmetatable({}, mt) return t.x end)
return {coroutine.resume(co)}
