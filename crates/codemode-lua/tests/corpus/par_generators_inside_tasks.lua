-- Tasks that drive their own coroutine generators.
local function counter(n)
  return coroutine.wrap(function() for i = 1, n do coroutine.yield(i) end end)
end
local res = parallel({
  function() local s = 0 for v in counter(4) do s = s + v end return s end,
  function() local t = {} for v in counter(3) do t[#t + 1] = v * 10 end return table.concat(t, ",") end,
})
return res
