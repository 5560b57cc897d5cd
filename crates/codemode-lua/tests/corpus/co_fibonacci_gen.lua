local fib = coroutine.wrap(function()
  local a, b = 0, 1
  while true do
    coroutine.yield(a)
    a, b = b, a + b
  end
end)
local t = {}
for i = 1, 20 do t[i] = fib() end
return t
