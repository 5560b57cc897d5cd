local t = {1, 2, 3, 4, 5}
table.move(t, 2, 4, 1)
local u = table.move({1, 2, 3}, 1, 3, 3, {})
local v = {1, 2, 3}
table.move(v, 1, 3, 2)
return {t, u[3], u[5], v}
