print(pcall(coroutine.yield, 1))
local ok, e = pcall(function() coroutine.yield() end)
print(ok, e)
return coroutine.isyieldable()
