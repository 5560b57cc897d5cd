-- A vector type with arithmetic metamethods mixing numbers and vectors.
local V = {}
V.__index = V
local function vec(x, y) return setmetatable({ x = x, y = y }, V) end
local function lift(a) if type(a) == "number" then return vec(a, a) end return a end
V.__add = function(a, b) a, b = lift(a), lift(b) return vec(a.x + b.x, a.y + b.y) end
V.__sub = function(a, b) a, b = lift(a), lift(b) return vec(a.x - b.x, a.y - b.y) end
V.__mul = function(a, b) a, b = lift(a), lift(b) return vec(a.x * b.x, a.y * b.y) end
V.__div = function(a, b) a, b = lift(a), lift(b) return vec(a.x / b.x, a.y / b.y) end
V.__idiv = function(a, b) a, b = lift(a), lift(b) return vec(a.x // b.x, a.y // b.y) end
V.__mod = function(a, b) a, b = lift(a), lift(b) return vec(a.x % b.x, a.y % b.y) end
V.__pow = function(a, b) a, b = lift(a), lift(b) return vec(a.x ^ b.x, a.y ^ b.y) end
V.__unm = function(a) return vec(-a.x, -a.y) end
V.__len = function(a) return math.sqrt(a.x * a.x + a.y * a.y) end
V.__eq = function(a, b) return a.x == b.x and a.y == b.y end
function V:list() return { self.x, self.y } end
local a, b = vec(3, 4), vec(1, 2)
return { (a + b):list(), (a - 1):list(), (2 * a):list(), (a / b):list(), (a // 2):list(),
  (a % b):list(), (b ^ 2):list(), (-a):list(), #a, a == vec(3, 4), a ~= b }
