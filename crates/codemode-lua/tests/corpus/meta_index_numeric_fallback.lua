-- __index on array misses only: present items are raw, holes and beyond go to __index
local hits = 0
local arr = setmetatable({10, 20, nil, 40}, {__index = function(t, i) hits = hits + 1; return -i end})
local out = {}
for i = 1, 6 do out[i] = arr[i] end
return {out, hits}
