local t = {"a", "b", "c", "d"}
local x = table.remove(t, 2)
local y = table.remove(t, 1)
local z = table.remove(t, #t + 1)
return {t, x, y, z == nil, #t}
