-- money amounts in cents with operators and comparisons, sorted with __lt
local M = {}
M.__index = M
local function money(c) return setmetatable({c = c}, M) end
M.__add = function(a, b) return money(a.c + b.c) end
M.__mul = function(a, k) return money(a.c * k) end
M.__lt = function(a, b) return a.c < b.c end
M.__le = function(a, b) return a.c <= b.c end
M.__eq = function(a, b) return a.c == b.c end
M.__tostring = function(a) return string.format("$%d.%02d", a.c // 100, a.c % 100) end
local items = {money(1999), money(250), money(1000), money(250) * 3}
table.sort(items, function(a, b) return a < b end)
local total = money(0)
for _, m in ipairs(items) do total = total + m end
local strs = {}
for i, m in ipairs(items) do strs[i] = tostring(m) end
return {table.concat(strs, ","), tostring(total), items[1] <= items[2], money(5) == money(5), money(1) ~= money(2)}
