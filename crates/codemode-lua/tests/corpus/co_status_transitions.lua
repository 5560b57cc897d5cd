local log = {}
local main_co
local co
co = coroutine.create(function()
  log[#log + 1] = coroutine.status(co)
  local inner = coroutine.create(function()
    log[#log + 1] = "outer from inner: " .. coroutine.status(co)
    coroutine.yield()
  end)
  coroutine.resume(inner)
  log[#log + 1] = "inner: " .. coroutine.status(inner)
  coroutine.yield()
end)
log[#log + 1] = coroutine.status(co)
coroutine.resume(co)
log[#log + 1] = coroutine.status(co)
coroutine.resume(co)
log[#log + 1] = coroutine.status(co)
return log
