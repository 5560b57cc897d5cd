-- A defaulting table (__index returns 0) for counting, and a nested auto-vivifying table.
local counts = setmetatable({}, { __index = function() return 0 end })
for w in ("the cat and the hat and the bat"):gmatch("%a+") do counts[w] = counts[w] + 1 end
local function auto() return setmetatable({}, { __index = function(t, k) local v = auto() rawset(t, k, v) return v end }) end
local tree = auto()
tree.a.b.c = 1
tree.a.x = 2
local keys = {}
for k in pairs(tree.a) do keys[#keys + 1] = k end
table.sort(keys)
return { the = counts.the, ["and"] = counts["and"], none = counts.none, c = tree.a.b.c, keys = keys }
