-- While coroutine.close runs a coroutine's __close, that coroutine counts as running:
-- closing or resuming it again from there fails, and close reports the error.
local co
local seen = {}
co = coroutine.create(function()
  local x <close> = setmetatable({}, { __close = function()
    seen[#seen + 1] = coroutine.status(co)
    seen[#seen + 1] = select(2, coroutine.resume(co))
    coroutine.close(co)
  end })
  coroutine.yield(20)
end)
local st, v = coroutine.resume(co)
local ok, msg = coroutine.close(co)
return { st = st, v = v, ok = ok, msg = msg, seen = seen, after = coroutine.status(co) }
