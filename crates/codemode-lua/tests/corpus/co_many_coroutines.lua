local cos = {}
for i = 1, 200 do
  cos[i] = coroutine.create(function(x) local y = coroutine.yield(x * 2) return x + y end)
end
local s = 0
for i = 1, 200 do local _, v = coroutine.resume(cos[i], i) s = s + v end
for i = 1, 200 do local _, v = coroutine.resume(cos[i], 1) s = s + v end
local dead = 0
for i = 1, 200 do if coroutine.status(cos[i]) == "dead" then dead = dead + 1 end end
return {s, dead}
