local co = coroutine.create(function()
  local t = nil
  return t.x
end)
print(coroutine.resume(co))
local co2 = coroutine.create(function() return 1 + {} end)
print(coroutine.resume(co2))
local co3 = coroutine.create(function() error("lvl2", 2) end)
print(coroutine.resume(co3))
local co4 = coroutine.wrap(function() error() end)
print(pcall(co4))
return "ok"
