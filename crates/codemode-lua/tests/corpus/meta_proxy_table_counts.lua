-- a proxy table counting reads and writes (a common agent pattern for instrumentation)
local function track(inner)
  local stats = {reads = 0, writes = 0}
  local proxy = setmetatable({}, {
    __index = function(_, k) stats.reads = stats.reads + 1; return inner[k] end,
    __newindex = function(_, k, v) stats.writes = stats.writes + 1; inner[k] = v end,
    __len = function() return #inner end,
    __pairs = function() return next, inner, nil end,
  })
  return proxy, stats
end
local p, stats = track({10, 20})
p[3] = p[1] + p[2]
p.total = p[3]
local keys = 0
for k in pairs(p) do keys = keys + 1 end
return {#p, p.total, stats.reads, stats.writes, keys}
