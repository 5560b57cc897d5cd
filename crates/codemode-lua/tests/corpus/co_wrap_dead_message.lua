local w = coroutine.wrap(function() return "only once" end)
print(w())
local ok, e = pcall(function() return w() end)
print(ok, e)
local ok2, e2 = pcall(w)
return {ok2, e2}
