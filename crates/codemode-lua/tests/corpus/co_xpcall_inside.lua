local co = coroutine.wrap(function()
  return xpcall(function()
    local a = coroutine.yield(1)
    error("fail " .. a, 0)
  end, function(m) return "handled(" .. m .. ")" end)
end)
print(co())
print(co("x"))
return "done"
