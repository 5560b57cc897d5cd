-- arithmetic metamethods: a 2D vector
local V = {}
V.__index = V
local function vec(x, y) return setmetatable({x = x, y = y}, V) end
V.__add = function(a, b) return vec(a.x + b.x, a.y + b.y) end
V.__sub = function(a, b) return vec(a.x - b.x, a.y - b.y) end
V.__mul = function(a, b)
  if type(a) == "number" then return vec(a * b.x, a * b.y) end
  if type(b) == "number" then return vec(a.x * b, a.y * b) end
  return a.x * b.x + a.y * b.y
end
V.__div = function(a, s) return vec(a.x / s, a.y / s) end
V.__mod = function(a, m) return vec(a.x % m, a.y % m) end
V.__pow = function(a, n) return vec(a.x ^ n, a.y ^ n) end
V.__idiv = function(a, s) return vec(a.x // s, a.y // s) end
V.__unm = function(a) return vec(-a.x, -a.y) end
V.__len = function(a) return math.sqrt(a.x * a.x + a.y * a.y) end
V.__eq = function(a, b) return a.x == b.x and a.y == b.y end
V.__lt = function(a, b) return #a < #b end
V.__le = function(a, b) return #a <= #b end
V.__tostring = function(a) return "(" .. a.x .. "," .. a.y .. ")" end
V.__concat = function(a, b) return tostring(a) .. tostring(b) end
local a, b = vec(3, 4), vec(1, 2)
local r = {}
r[#r + 1] = tostring(a + b)
r[#r + 1] = tostring(a - b)
r[#r + 1] = a * b
r[#r + 1] = tostring(2 * a)
r[#r + 1] = tostring(a * 2)
r[#r + 1] = tostring(a / 2)
r[#r + 1] = tostring(a % 2)
r[#r + 1] = tostring(a ^ 2)
r[#r + 1] = tostring(a // 2)
r[#r + 1] = tostring(-a)
r[#r + 1] = #a
r[#r + 1] = a == vec(3, 4)
r[#r + 1] = a ~= b
r[#r + 1] = b < a
r[#r + 1] = a <= b
r[#r + 1] = a > b
r[#r + 1] = a .. b
r[#r + 1] = "v=" .. a
r[#r + 1] = a .. "!"
r[#r + 1] = pcall(function() return a - 1 end)
return r
