-- tostring with __tostring and __name, print of such values, __tostring errors.
local P = setmetatable({}, { __tostring = function(p) return "P<" .. p.id .. ">" end })
local objs = {}
local mt = { __tostring = function(p) return "Point(" .. p.x .. "," .. p.y .. ")" end }
for i = 1, 3 do objs[i] = tostring(setmetatable({ x = i, y = i * 2 }, mt)) end
local named = setmetatable({}, { __name = "MyType" })
local s = tostring(named)
print(setmetatable({ x = 0, y = 0 }, mt), "and", 1)
local bad = setmetatable({}, { __tostring = function() error("no string for you", 0) end })
local ok, e = pcall(tostring, bad)
return { objs = objs, named = s:match("^MyType: ") ~= nil, ok = ok, e = e }
