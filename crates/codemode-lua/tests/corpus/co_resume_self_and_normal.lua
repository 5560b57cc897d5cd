local co
co = coroutine.create(function()
  print(coroutine.resume(co))
  local parent = co
  local c2 = coroutine.create(function() return coroutine.resume(parent) end)
  print(coroutine.resume(c2))
  print(coroutine.status(c2))
  return "end"
end)
return {coroutine.resume(co)}
