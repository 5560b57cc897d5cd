-- An accumulator coroutine receiving values until it is told to stop.
local acc = coroutine.create(function(first)
  local sum, n = first, 1
  while true do
    local v = coroutine.yield(sum / n)
    if v == nil then break end
    sum, n = sum + v, n + 1
  end
  return "total", sum, n
end)
local avgs = {}
for _, v in ipairs({ 4, 8, 6, 2 }) do
  local ok, avg
  if coroutine.status(acc) == "suspended" and #avgs == 0 then ok, avg = coroutine.resume(acc, v)
  else ok, avg = coroutine.resume(acc, v) end
  avgs[#avgs + 1] = avg
end
local fin = { coroutine.resume(acc) }
return { avgs = avgs, fin = fin, status = coroutine.status(acc) }
