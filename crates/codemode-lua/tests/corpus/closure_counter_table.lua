local counters = {}
local function get(name)
  if not counters[name] then
    local n = 0
    counters[name] = {inc = function(by) n = n + (by or 1) return n end, get = function() return n end}
  end
  return counters[name]
end
get("a").inc() get("a").inc(5) get("b").inc()
return {get("a").get(), get("b").get(), get("c").get()}
