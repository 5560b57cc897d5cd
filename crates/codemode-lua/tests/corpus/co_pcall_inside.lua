local co = coroutine.create(function()
  local ok, err = pcall(function()
    local v = coroutine.yield("in pcall")
    if v == "boom" then error("exploded") end
    return v
  end)
  print("pcall:", ok, err)
  local ok2, err2 = pcall(function()
    local v = coroutine.yield("again")
    return v .. "!"
  end)
  return ok2, err2
end)
print(coroutine.resume(co))
print(coroutine.resume(co, "boom"))
print(coroutine.resume(co, "fine"))
return coroutine.status(co)
