-- table.sort over a proxy (__index/__newindex/__len) and over elements ordered by __lt.
local store = { 5, 3, 9, 1, 7, 2, 8 }
local reads, writes = 0, 0
local p = setmetatable({}, {
  __index = function(_, k) reads = reads + 1 return store[k] end,
  __newindex = function(_, k, v) writes = writes + 1 store[k] = v end,
  __len = function() return #store end,
})
table.sort(p)
local asc = table.concat(store, ",")
table.sort(p, function(a, b) return a > b end)
local desc = table.concat(store, ",")
-- versions compared by __lt, sorted without a comparator
local V = {}
V.__index = V
V.__lt = function(a, b)
  if a.major ~= b.major then return a.major < b.major end
  return a.minor < b.minor
end
V.__tostring = function(v) return v.major .. "." .. v.minor end
local function ver(s)
  local a, b = s:match("(%d+)%.(%d+)")
  return setmetatable({ major = tonumber(a), minor = tonumber(b) }, V)
end
local vs = {}
for _, s in ipairs({ "1.10", "1.2", "0.9", "2.0", "1.0", "0.10" }) do vs[#vs + 1] = ver(s) end
table.sort(vs)
local names = {}
for i, v in ipairs(vs) do names[i] = tostring(v) end
-- a sort whose proxy has only __len (reads the raw elements)
local short = setmetatable({ 3, 1, 2, 99 }, { __len = function() return 3 end })
table.sort(short)
-- errors: mixed elements without __lt, a bad order function
local e1 = select(2, pcall(table.sort, { 1, "x", 2 }))
local e2 = select(2, pcall(table.sort, { setmetatable({}, {}), setmetatable({}, {}) }))
local tiny = setmetatable({}, { __len = function() return 1 end, __index = function() error("never read") end })
table.sort(tiny)
return { asc = asc, desc = desc, versions = names, short = { short[1], short[2], short[3], short[4] },
  e1 = e1, e2 = e2, read_some = reads > 0, wrote_some = writes > 0 }
