-- a defaultdict via __index that stores (group-by in agent data work)
local function defaultdict(make)
  return setmetatable({}, {__index = function(t, k) local v = make(); rawset(t, k, v); return v end})
end
local rows = {{team = "a", pts = 3}, {team = "b", pts = 1}, {team = "a", pts = 4}, {team = "c", pts = 2}, {team = "b", pts = 5}}
local by = defaultdict(function() return {} end)
local sums = defaultdict(function() return 0 end)
for _, r in ipairs(rows) do
  table.insert(by[r.team], r.pts)
  sums[r.team] = sums[r.team] + r.pts
end
local keys = {}
for k in pairs(sums) do keys[#keys + 1] = k end
table.sort(keys)
local out = {}
for _, k in ipairs(keys) do out[#out + 1] = k .. "=" .. sums[k] .. "(" .. #by[k] .. ")" end
return table.concat(out, " ")
