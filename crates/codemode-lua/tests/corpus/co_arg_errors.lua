print(pcall(coroutine.create, 1))
print(pcall(coroutine.create))
print(pcall(coroutine.resume, {}))
print(pcall(coroutine.status, "x"))
print(pcall(coroutine.wrap, nil))
print(pcall(coroutine.close, 5))
print(select("#", pcall(coroutine.isyieldable)))
local ok, e = pcall(function() coroutine.resume(nil) end)
return e
