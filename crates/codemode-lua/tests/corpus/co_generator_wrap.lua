local function range(n, step)
  return coroutine.wrap(function()
    for i = 1, n, step or 1 do coroutine.yield(i) end
  end)
end
local out = {}
for i in range(10, 3) do out[#out + 1] = i end
return out
