local co = coroutine.create(function()
  coroutine.yield(1)
  error("late failure")
end)
local results = {}
while true do
  local ok, v = coroutine.resume(co)
  results[#results + 1] = tostring(ok) .. ":" .. tostring(v)
  if not ok or coroutine.status(co) == "dead" then break end
end
return results
