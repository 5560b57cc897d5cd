local t = {1, 2, nil, 4}
local n = 0
for i, v in ipairs(t) do n = n + v end
return n
