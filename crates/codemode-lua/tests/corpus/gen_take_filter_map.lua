-- Lazy pipelines of coroutine generators: filter, map, take; stops early.
local produced = 0
local function naturals()
  return coroutine.wrap(function()
    local n = 0
    while true do n = n + 1 produced = produced + 1 coroutine.yield(n) end
  end)
end
local function filter(p, g) return coroutine.wrap(function() for x in g do if p(x) then coroutine.yield(x) end end end) end
local function map(f, g) return coroutine.wrap(function() for x in g do coroutine.yield(f(x)) end end) end
local function take(n, g)
  local out = {}
  for x in g do
    out[#out + 1] = x
    if #out == n then break end
  end
  return out
end
local r = take(6, map(function(x) return x * x end, filter(function(x) return x % 3 == 0 end, naturals())))
return { r = r, produced = produced }
