local t = {5, 2, 8, 1, 9, 3}
table.sort(t)
local s = {"pear", "apple", "fig"}
table.sort(s)
local d = {5, 2, 8, 1}
table.sort(d, function(a, b) return a > b end)
return {t, s, d}
