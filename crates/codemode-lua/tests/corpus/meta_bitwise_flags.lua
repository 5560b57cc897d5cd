-- Bitwise metamethods on a flag-set type.
local F = {}
F.__index = F
local function flags(n) return setmetatable({ n = n }, F) end
local function val(a) return type(a) == "table" and a.n or a end
F.__band = function(a, b) return flags(val(a) & val(b)) end
F.__bor = function(a, b) return flags(val(a) | val(b)) end
F.__bxor = function(a, b) return flags(val(a) ~ val(b)) end
F.__bnot = function(a) return flags(~val(a) & 0xff) end
F.__shl = function(a, b) return flags(val(a) << val(b)) end
F.__shr = function(a, b) return flags(val(a) >> val(b)) end
F.__tostring = function(a) return string.format("0x%02x", a.n) end
local READ, WRITE, EXEC = flags(1), flags(2), flags(4)
local rw = READ | WRITE
return { tostring(rw), tostring(rw & WRITE), tostring(rw ~ READ), tostring(~rw), tostring(READ << 3),
  tostring(flags(0x80) >> 7), tostring(rw | 8), tostring(16 & flags(0x1f)) }
