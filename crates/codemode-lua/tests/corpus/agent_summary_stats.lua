local xs = {12, 7, 3, 21, 9, 15, 4, 18}
local n, sum, min, max = #xs, 0, math.huge, -math.huge
for _, x in ipairs(xs) do sum = sum + x if x < min then min = x end if x > max then max = x end end
local mean = sum / n
local var = 0
for _, x in ipairs(xs) do var = var + (x - mean) ^ 2 end
var = var / n
table.sort(xs)
local median = (xs[n // 2] + xs[n // 2 + 1]) / 2
return {n = n, sum = sum, min = min, max = max, mean = mean, sd = string.format("%.3f", math.sqrt(var)), median = median}
