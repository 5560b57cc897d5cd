local calls = 0
local function memo(f)
  local cache = {}
  return function(n)
    local v = cache[n]
    if v == nil then v = f(n) cache[n] = v end
    return v
  end
end
local slow = function(n) calls = calls + 1 return n * n end
local fast = memo(slow)
fast(3) fast(3) fast(4) fast(3)
return {calls, fast(4)}
