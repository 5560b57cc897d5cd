local t = {}
table.insert(t, "a")
table.insert(t, "c")
table.insert(t, 2, "b")
table.insert(t, 1, "z")
local r1 = table.remove(t)
local r2 = table.remove(t, 1)
local r3 = table.remove({})
return {t, r1, r2, r3 == nil, #t}
