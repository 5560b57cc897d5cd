-- coroutine.close's own errors and odd __close behaviour while closing.
local out = {}
local co
co = coroutine.create(function()
  local x <close> = setmetatable({}, { __close = function() end })
  coroutine.yield(coroutine.close(co))
end)
local r1, r2 = coroutine.resume(co)
out[#out + 1] = tostring(r1) .. " " .. tostring(r2)
r1, r2 = coroutine.resume(co)
out[#out + 1] = tostring(r1) .. " " .. tostring(r2)
out[#out + 1] = coroutine.status(co)

-- A __close that yields while coroutine.close runs it.
co = coroutine.create(function()
  local x <close> = setmetatable({}, { __close = function() coroutine.yield("in close") end })
  coroutine.yield(1)
end)
coroutine.resume(co)
local ok, a, b = pcall(coroutine.close, co)
out[#out + 1] = tostring(ok) .. " " .. tostring(a) .. " " .. tostring(b)
ok, a, b = pcall(coroutine.close, co)
out[#out + 1] = tostring(ok) .. " " .. tostring(a) .. " " .. tostring(b)

-- Closing from inside another coroutine.
local victim = coroutine.create(function()
  local v <close> = setmetatable({}, { __close = function(_, e) out[#out + 1] = "victim closed " .. tostring(e) end })
  coroutine.yield()
end)
coroutine.resume(victim)
local closer = coroutine.wrap(function()
  out[#out + 1] = "closing: " .. tostring(coroutine.close(victim))
  coroutine.yield("closer yielded")
  return "closer done"
end)
local r = closer()
out[#out + 1] = r
r = closer()
out[#out + 1] = r
-- A __close that errors with a table, and one that returns values (ignored).
co = coroutine.create(function()
  local a <close> = setmetatable({}, { __close = function() return 1, 2, 3 end })
  local b <close> = setmetatable({}, { __close = function() error({ tag = "t" }) end })
  coroutine.yield()
end)
coroutine.resume(co)
local ok2, e2 = coroutine.close(co)
out[#out + 1] = tostring(ok2) .. " " .. type(e2) .. " " .. tostring(e2.tag)
return out
