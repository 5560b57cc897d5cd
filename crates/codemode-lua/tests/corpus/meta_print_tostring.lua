-- print calls __tostring (and uses __name) for each argument
local P = {__tostring = function(p) return "P(" .. p.v .. ")" end}
local a, b = setmetatable({v = 1}, P), setmetatable({v = 2}, P)
print(a, "mid", b, 3)
print(setmetatable({}, {__tostring = function() return 7 end}))
local named = setmetatable({}, {__name = "Thing"})
local line = tostring(named)
return {line:sub(1, 7)}
