-- C-stack overflow while handling one: a message handler that overflows ends xpcall
-- with false and "error in error handling"; one that returns sees the overflow message
local pcall, xpcall, assert, select = pcall, xpcall, assert, select
local count = 0
local function loop()
  count = count + 1
  assert(pcall(loop))
end
local r = {}
local ok, msg = xpcall(loop, loop)
r[#r + 1] = { ok, msg }
count = 0
ok, msg = xpcall(loop, function(m) return "handled: " .. m end)
r[#r + 1] = { ok, #msg, count, msg:sub(-40) }
-- a handler reached through the limit itself
local function xnest()
  count = count + 1
  return xpcall(xnest, function(m) return "h(" .. m .. ")" end)
end
count = 0
local res = { xnest() }
r[#r + 1] = { #res, count, res[#res] }
-- the handler's own overflow inside a coroutine
local co = coroutine.wrap(function()
  return xpcall(loop, loop)
end)
r[#r + 1] = { co() }
return r
