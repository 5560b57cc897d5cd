local ids = {"a", "b", "c", "d", "e"}
local fns = {}
for i, id in ipairs(ids) do fns[i] = function() return id:upper() .. i end end
local r = parallel(fns)
return r
