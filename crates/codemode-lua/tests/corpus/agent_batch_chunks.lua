-- Split work into batches of n and run each batch's items "concurrently" with parallel.
local items = {}
for i = 1, 11 do items[i] = i end
local function batches(list, n)
  return coroutine.wrap(function()
    for i = 1, #list, n do coroutine.yield({ table.unpack(list, i, math.min(i + n - 1, #list)) }) end
  end)
end
local results, sizes = {}, {}
for batch in batches(items, 4) do
  sizes[#sizes + 1] = #batch
  local fns = {}
  for i, x in ipairs(batch) do fns[i] = function() return x * x end end
  for _, r in ipairs(parallel(fns)) do results[#results + 1] = r end
end
return { sizes = sizes, sum = (function() local s = 0 for _, r in ipairs(results) do s = s + r end return s end)() }
