local function gen(n) return coroutine.wrap(function() for i = 1, n do coroutine.yield(i) end end) end
local r = parallel({
  function() local s = 0 for v in gen(4) do s = s + v end return s end,
  function() local t = {} for v in gen(3) do t[#t + 1] = v * v end return table.concat(t, ",") end,
})
return r
