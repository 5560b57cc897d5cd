local function leaf(x) return coroutine.yield(x) * 2 end
local function mid(x) local a = leaf(x) local b = leaf(x + 1) return a + b end
local co = coroutine.wrap(function(x) return mid(x) + mid(x * 10) end)
local r = {co(1)}
r[#r + 1] = co(5)
r[#r + 1] = co(6)
r[#r + 1] = co(7)
r[#r + 1] = co(8)
return r
