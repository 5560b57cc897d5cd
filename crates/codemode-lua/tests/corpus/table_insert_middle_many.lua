local t = {}
for i = 1, 10 do table.insert(t, 1, i) end
table.insert(t, 5, "mid")
local r = table.remove(t, 5)
return {t, r}
