local Lazy = {}
Lazy.__index = function(t, k) return coroutine.yield("need " .. k) end
Lazy.__add = function(a, b) return coroutine.yield("add") end
Lazy.__concat = function(a, b) return coroutine.yield("concat") end
Lazy.__eq = function(a, b) return coroutine.yield("eq") end
Lazy.__lt = function(a, b) return coroutine.yield("lt") end
Lazy.__len = function(a) return coroutine.yield("len") end
Lazy.__call = function(self, x) return coroutine.yield("call " .. x) end
local a, b = setmetatable({}, Lazy), setmetatable({}, Lazy)
local co = coroutine.wrap(function()
  local r = {}
  r[1] = a.name
  r[2] = a + 1
  r[3] = a .. "s"
  r[4] = a == b
  r[5] = a < b
  r[6] = #a
  r[7] = a(5)
  return r
end)
local asks = {}
asks[1] = co()
asks[2] = co("NAME")
asks[3] = co(42)
asks[4] = co("str")
asks[5] = co(false)
asks[6] = co(true)
asks[7] = co(9)
local r = co("called")
return {asks, r}
