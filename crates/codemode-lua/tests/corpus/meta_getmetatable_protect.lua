-- __metatable protects a metatable
local mt = {__metatable = "locked"}
local t = setmetatable({}, mt)
local ok, err = pcall(setmetatable, t, {})
local r = {getmetatable(t), ok, err}
-- getmetatable of a string is a table whose __index is the string library
r[#r + 1] = type(getmetatable("abc").__index) == "table"
r[#r + 1] = ("x"):rep(3)
r[#r + 1] = getmetatable({}) == nil
r[#r + 1] = getmetatable(1) == nil
-- setmetatable returns its table; nil removes a metatable
local u = setmetatable({}, {__index = {a = 1}})
r[#r + 1] = u.a
setmetatable(u, nil)
r[#r + 1] = u.a == nil
r[#r + 1] = select(2, pcall(setmetatable, 1, {}))
r[#r + 1] = select(2, pcall(setmetatable, {}, 1))
r[#r + 1] = select(2, pcall(setmetatable, {}))
return r
