-- Errors inside wrapped generators: positions, non-string errors, dead generators.
local out = {}
local g = coroutine.wrap(function() coroutine.yield(1) error("gen failed") end)
out[#out + 1] = g()
out[#out + 1] = select(2, pcall(g))
out[#out + 1] = select(2, pcall(g))
local h = coroutine.wrap(function() error({ code = 42 }) end)
local ok, e = pcall(h)
out[#out + 1] = type(e) == "table" and e.code or "?"
local k = coroutine.wrap(function() error("plain", 0) end)
out[#out + 1] = select(2, pcall(k))
local m = coroutine.wrap(function() local x = nil; return x.field end)
out[#out + 1] = select(2, pcall(m))
return out
