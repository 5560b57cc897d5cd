-- __eq only for two tables; result converted to boolean; not called for identical tables
local calls = 0
local mt = {__eq = function(a, b) calls = calls + 1; return a.id == b.id and "yes" end}
local a = setmetatable({id = 1}, mt)
local b = setmetatable({id = 1}, mt)
local c = {id = 1}
return {a == b, a ~= b, a == a, a == c, c == a, a == 1, calls}
