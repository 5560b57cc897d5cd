local values = {1, 3, 3, 7, 2, 9, 4, 4, 4, 8, 10, 5}
local buckets = {}
for _, v in ipairs(values) do local b = (v - 1) // 3 buckets[b + 1] = (buckets[b + 1] or 0) + 1 end
local lines = {}
for i = 1, 4 do lines[i] = ("%2d-%2d %s"):format((i - 1) * 3 + 1, i * 3, ("#"):rep(buckets[i] or 0)) end
return lines
