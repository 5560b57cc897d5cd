local t = {}
for i = 1, 20 do t[i] = i % 5 end
local ok, m = pcall(table.sort, t, function(a, b) return true end)
return {ok, m}
