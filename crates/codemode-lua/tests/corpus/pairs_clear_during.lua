local t = {}
for i = 1, 50 do t["k" .. i] = i end
local n = 0
for k, v in pairs(t) do t[k] = nil n = n + 1 end
return {n, next(t) == nil}
