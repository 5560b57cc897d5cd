-- <close> variables in a coroutine closed when its body returns, and by a wrap error.
local log = {}
local function res(n) return setmetatable({}, { __close = function(_, e) log[#log + 1] = n .. ":" .. tostring(e) end }) end
local co = coroutine.wrap(function()
  local a <close> = res("a")
  coroutine.yield(1)
  local b <close> = res("b")
  coroutine.yield(2)
  return 3
end)
local r = { co(), co(), co() }
local w = coroutine.wrap(function()
  local c <close> = res("c")
  coroutine.yield("y")
  error("w failed", 0)
end)
r[#r + 1] = w()
r[#r + 1] = select(2, pcall(w))
return { r = r, log = log }
