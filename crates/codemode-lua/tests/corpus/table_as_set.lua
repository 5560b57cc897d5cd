local set = {}
for _, v in ipairs({"a", "b", "a", "c", "b"}) do set[v] = true end
local n = 0
for _ in pairs(set) do n = n + 1 end
set.b = nil
local keys = {}
for k in pairs(set) do keys[#keys + 1] = k end
table.sort(keys)
return {n, keys}
