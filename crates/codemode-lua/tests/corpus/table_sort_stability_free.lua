local t = {}
for i = 1, 50 do t[i] = {k = i % 7, id = i} end
table.sort(t, function(a, b) if a.k ~= b.k then return a.k < b.k end return a.id < b.id end)
local out = {}
for i = 1, 10 do out[i] = t[i].id end
return out
