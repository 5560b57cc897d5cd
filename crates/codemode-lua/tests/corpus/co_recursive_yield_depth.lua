local function deep(n)
  if n == 0 then return coroutine.yield("bottom") end
  return deep(n - 1) + 1
end
local co = coroutine.wrap(function() return deep(500) end)
print(co())
return co(0)
