local err = {code = 42}
local co = coroutine.create(function() error(err) end)
local ok, e = coroutine.resume(co)
local w = coroutine.wrap(function() error(err) end)
local ok2, e2 = pcall(w)
local co3 = coroutine.create(function() error(7) end)
local ok3, e3 = coroutine.resume(co3)
return {ok, e == err, ok2, e2 == err, ok3, e3, math.type(e3)}
