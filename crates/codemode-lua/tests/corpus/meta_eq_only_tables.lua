-- __eq is asked only for two tables (not for primitive comparisons); results become booleans.
local calls = 0
local mt = { __eq = function(a, b) calls = calls + 1 return a.k == b.k and "yes" end }
local a = setmetatable({ k = 1 }, mt)
local b = setmetatable({ k = 1 }, mt)
local c = setmetatable({ k = 2 }, {})
local r = { a == b, a ~= b, a == c, c == a, a == 1, a == "x", rawequal(a, b), a == a }
return { r = r, calls = calls }
