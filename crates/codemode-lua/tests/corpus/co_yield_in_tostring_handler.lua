-- A yield inside __tostring called by tostring or string.format crosses a C call in
-- lua5.4; one inside a __tostring the program calls itself is fine.
local T = { __tostring = function() coroutine.yield("inside") return "T" end }
local t = setmetatable({}, T)
local out = {}
out[1] = { coroutine.resume(coroutine.create(function() return tostring(t) end)) }
out[2] = { coroutine.resume(coroutine.create(function() return string.format("[%s]", t) end)) }
local co = coroutine.create(function() return getmetatable(t).__tostring(t) end)
out[3] = { coroutine.resume(co) }
out[4] = { coroutine.resume(co) }
return out
