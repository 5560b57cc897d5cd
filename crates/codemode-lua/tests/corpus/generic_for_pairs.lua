local t = {a = 1, b = 2, c = 3, 10, 20}
local keys = {}
local sum = 0
for k, v in pairs(t) do keys[#keys+1] = tostring(k) sum = sum + v end
table.sort(keys)
return {keys, sum}
