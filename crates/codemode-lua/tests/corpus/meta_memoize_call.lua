-- A memoizing function object (__call) with a hit counter and __index for stats.
local function memoize(f)
  local cache, hits, misses = {}, 0, 0
  return setmetatable({}, {
    __call = function(_, n)
      local v = cache[n]
      if v ~= nil then hits = hits + 1 return v end
      misses = misses + 1
      v = f(n)
      cache[n] = v
      return v
    end,
    __index = function(_, k) if k == "hits" then return hits elseif k == "misses" then return misses end end,
  })
end
local fib
fib = memoize(function(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end)
return { fib(50), fib(30), fib.hits, fib.misses }
