-- unary metamethods and their absence
local t = setmetatable({1, 2, 3}, {__unm = function(x) return "neg" end, __len = function() return "len" end})
local plain = {1, 2}
local r = {-t, #t, #plain}
r[#r + 1] = select(2, pcall(function() return -plain end))
r[#r + 1] = select(2, pcall(function() return ~plain end))
r[#r + 1] = select(2, pcall(function() local s = setmetatable({}, {}) return s .. "x" end))
return r
