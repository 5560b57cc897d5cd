local co = coroutine.create(function()
  local t = {3, 1, 2}
  table.sort(t, function(a, b) coroutine.yield("cmp") return a < b end)
  return t
end)
print(coroutine.resume(co))
print(coroutine.status(co))
local co2 = coroutine.create(function()
  return (string.gsub("hello", "l", function(c) return coroutine.yield(c) end))
end)
print(coroutine.resume(co2))
local co3 = coroutine.wrap(function()
  local t = setmetatable({}, {__tostring = function() coroutine.yield("ts") return "T" end})
  print(t)
end)
print(pcall(co3))
return "ok"
