local t = {[1] = "a", [2.0] = "b", [3] = "c"}
local n = 0
for i, v in ipairs(t) do n = n + 1 end
return {n, #t}
