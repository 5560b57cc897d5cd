-- comparisons without metamethods fail as lua5.4 words them
local r = {}
r[#r + 1] = select(2, pcall(function() return {} < {} end))
r[#r + 1] = select(2, pcall(function() return {} <= 1 end))
r[#r + 1] = select(2, pcall(function() return 1 < {} end))
local mt = {__lt = function(a, b) return true end}
local x = setmetatable({}, mt)
r[#r + 1] = x < 1
r[#r + 1] = 1 < x
r[#r + 1] = x > 5
r[#r + 1] = select(2, pcall(function() return x + 1 end))
return r
