local function counter(name, n)
  return coroutine.wrap(function()
    for i = 1, n do coroutine.yield(name .. i) end
  end)
end
local gens = {counter("a", 3), counter("b", 2), counter("c", 4)}
local out = {}
-- round robin until all are exhausted
local live = #gens
local done = {}
while live > 0 do
  for i, g in ipairs(gens) do
    if not done[i] then
      local v = g()
      if v == nil then done[i] = true; live = live - 1 else out[#out + 1] = v end
    end
  end
end
return out
