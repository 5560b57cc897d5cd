-- Agent-style: evaluate small rule expressions over each record with the record's fields
-- as the rule's free names (a function with an _ENV parameter and load with an env).
local records = {
  { name = "alpha", cpu = 91, mem = 40, region = "eu" },
  { name = "beta", cpu = 12, mem = 88, region = "us" },
  { name = "gamma", cpu = 55, mem = 55, region = "eu" },
}
local rules = {
  hot = "return cpu > 80 or mem > 80",
  eu_busy = "return region == 'eu' and cpu + mem > 100",
  label = "return string.format('%s:%d', name, math.max(cpu, mem))",
}
local helpers = { string = string, math = math }
local function env_for(rec)
  return setmetatable({}, { __index = function(_, k)
    local v = rec[k]
    if v == nil then v = helpers[k] end
    return v
  end })
end
local compiled = {}
for name, src in pairs(rules) do compiled[name] = src end
local report = {}
for _, rec in ipairs(records) do
  local row = { name = rec.name }
  for _, rule in ipairs({ "hot", "eu_busy", "label" }) do
    local fn = assert(load(compiled[rule], "=" .. rule, "t", env_for(rec)))
    row[rule] = fn()
  end
  report[#report + 1] = row
end
-- the same with a function whose parameter is _ENV
local function score(_ENV) return cpu * 2 + mem end
local scores = {}
for i, rec in ipairs(records) do scores[i] = score(rec) end
-- a rule with an error names the missing global
local bad = load("return disk > 10", "=bad", "t", env_for(records[1]))
local ok, err = pcall(bad)
return { report = report, scores = scores, err = err }
