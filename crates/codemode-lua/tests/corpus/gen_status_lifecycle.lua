-- A coroutine's status through its life, and values passed both ways.
local log = {}
local co
co = coroutine.create(function(a, b)
  log[#log + 1] = "start " .. a .. " " .. b .. " " .. coroutine.status(co)
  local c = coroutine.yield(a + b)
  log[#log + 1] = "got " .. tostring(c)
  local d, e = coroutine.yield(c * 2)
  log[#log + 1] = "got " .. tostring(d) .. " " .. tostring(e)
  return "done", select("#", d, e)
end)
log[#log + 1] = coroutine.status(co)
log[#log + 1] = table.concat({ tostring(select(2, coroutine.resume(co, 1, 2))) }, ",")
log[#log + 1] = coroutine.status(co)
log[#log + 1] = tostring(select(2, coroutine.resume(co, 10)))
log[#log + 1] = table.concat({ select(2, coroutine.resume(co, "x")) }, ",")
log[#log + 1] = coroutine.status(co)
log[#log + 1] = table.concat({ tostring(coroutine.resume(co)) }, ",")
return log
