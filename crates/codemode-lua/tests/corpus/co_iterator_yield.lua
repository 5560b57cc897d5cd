local co = coroutine.wrap(function()
  local seen = {}
  for k in function(_, prev) return coroutine.yield(prev) end, nil, 0 do
    if k == "stop" then break end
    seen[#seen + 1] = k
  end
  return table.concat(seen, ",")
end)
print(co())
print(co("a"))
print(co("b"))
return co("stop")
