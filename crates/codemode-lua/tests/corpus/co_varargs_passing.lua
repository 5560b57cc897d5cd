local co = coroutine.create(function(...)
  print(select("#", ...), ...)
  local r = table.pack(coroutine.yield(select("#", ...)))
  print(r.n, table.unpack(r, 1, r.n))
  return ...
end)
print(coroutine.resume(co, 1, nil, 3, nil))
print(coroutine.resume(co, nil, nil))
print(select("#", coroutine.resume(coroutine.create(function() end))))
print(select("#", coroutine.resume(coroutine.create(function() return nil, nil end))))
return true
