-- bitwise metamethods over a bit-set
local S = {}
local function set(n) return setmetatable({n = n}, S) end
local function v(x) return type(x) == "table" and x.n or x end
S.__band = function(a, b) return set(v(a) & v(b)) end
S.__bor = function(a, b) return set(v(a) | v(b)) end
S.__bxor = function(a, b) return set(v(a) ~ v(b)) end
S.__shl = function(a, b) return set(v(a) << v(b)) end
S.__shr = function(a, b) return set(v(a) >> v(b)) end
S.__bnot = function(a) return set(~v(a)) end
local a, b = set(12), set(10)
return {(a & b).n, (a | b).n, (a ~ b).n, (a << 2).n, (a >> 1).n, (~a).n, (3 & a).n, (1 << set(4)).n}
