-- __index receives the original key; integer-valued float keys are normalized first
local seen = {}
local t = setmetatable({}, {__index = function(_, k) seen[#seen + 1] = math.type(k) or type(k); return k end})
local a = t[2.0]
local b = t[2.5]
local c = t.name
local d = t[true]
return {a, b, c, d, seen}
