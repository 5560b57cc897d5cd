-- __tostring and __name
local P = {__tostring = function(p) return "Point<" .. p.x .. ">" end}
local p = setmetatable({x = 1}, P)
local named = setmetatable({}, {__name = "MyType"})
local s = tostring(named)
return {tostring(p), s:match("^MyType: ") ~= nil, tostring(setmetatable({}, {__tostring = function() return "x" .. 1 end}))}
