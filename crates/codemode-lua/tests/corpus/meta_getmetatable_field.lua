-- __metatable hides and protects a metatable; getmetatable of strings.
local t = setmetatable({}, { __metatable = { "fake" }, __index = { x = 1 } })
local ok, e = pcall(setmetatable, t, nil)
local smt = getmetatable("abc")
return { fake = getmetatable(t)[1], x = t.x, ok = ok, e = e, strindex = type(smt.__index),
  up = ("abc"):upper(), len = ("hello"):len(), nilmt = getmetatable({}) == nil, nummt = getmetatable(1) == nil }
