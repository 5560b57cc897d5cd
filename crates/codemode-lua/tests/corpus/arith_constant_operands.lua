-- Arithmetic with a constant operand (MulI, ModI, ArithI, ArithK) and `/`, run both in
-- the fast loop (a function's first ops, a loop's body) and in the general loop (after
-- an op the fast loop leaves to it: `#t`), on every kind of operand.
local t = {1, 2, 3}
local function fast(x)
  return x * 3, x % 7, x % -7, x // 4, x / 2, x ^ 2, x - 100000, x + 0.5, x * 0.25,
    x % 2.5, x // 0.5, x / 3, x * 1e300, x ^ 0.5, 2 ^ x
end
local function general(x)
  local n = #t
  return x * 3, x % 7, x % -7, x // 4, x / 2, x ^ 2, x - 100000, x + 0.5, x * 0.25,
    x % 2.5, x // 0.5, x / 3, x * 1e300, x ^ 0.5, 2 ^ x, n
end
local function bits(x) return x & 0xFFFFFFFFFF, x | 0x10000000000, x ~ 3 end
local out = {}
local function add(...)
  local row = {}
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    -- NaN and the infinities as text (JSON has neither); integers and floats apart.
    if v ~= v then v = "nan"
    elseif v == math.huge then v = "inf"
    elseif v == -math.huge then v = "-inf"
    elseif math.type(v) == "float" then v = string.format("%.17g", v)
    elseif type(v) ~= "number" then v = tostring(v) end
    row[#row + 1] = v
  end
  out[#out + 1] = table.concat(row, " ")
end
for _, x in ipairs({0, 1, -1, 13, -13, 7, -7, math.maxinteger, math.mininteger, 2^53,
    0.5, -0.5, 13.25, -13.25, 1e308, -0.0}) do
  add(pcall(fast, x))
  add(pcall(general, x))
  add(pcall(bits, x))
end
-- Strings coerce to numbers; tables use their metamethods; the rest fail with Lua's
-- messages (the failing operator named).
local mt = {__mul = function(a, b) return "mul" end, __mod = function(a, b) return "mod" end,
  __div = function(a, b) return "div" end, __add = function(a, b) return "add" end}
local obj = setmetatable({}, mt)
local function ops(x) return x * 3, x % 7, x / 2, x + 0.5 end
add(ops("10"))
add(ops("2.5"))
add(ops(obj))
for _, bad in ipairs({"abc", true, {}}) do
  add(pcall(function() return bad * 3 end))
  add(pcall(function() return bad % 7 end))
  add(pcall(function() return bad + 0.5 end))
  add(pcall(function() return bad / 2 end))
end
add(pcall(function() return 3.5 & 0xFFFFFFFFFF end))
add(pcall(function() local z = 0 return 5 % z end))
add(pcall(function() local z = 0 return 5 // z end))
-- Division of integers is float division, zero divisors included.
local function div(a, b) return a / b end
add(div(7, 2), div(-7, 2), div(1, 0), div(-1, 0), div(0, 0), div(7, 2.0), div(7.0, 2))
-- Loops: the counter and index are updated in place; the visible variable may be
-- reassigned in the body without changing the iteration.
local s, seen = 0, {}
for i = 1, 10 do
  local j = i
  i = i * 100
  s = s + i + j
  if j % 3 == 0 then i = "x" end
  seen[#seen + 1] = tostring(i)
end
add(s, table.concat(seen, ","))
s = 0
for i = 10, 1, -3 do s = s * 2 + i % 4 end
add(s)
for x = 0.5, 3, 0.75 do s = s + x * 2 end
add(s)
for x = 3, 0.5, -0.5 do s = s - x / 4 end
add(s)
for i = math.maxinteger - 2, math.maxinteger do s = s + i % 5 end
add(s)
for i = math.mininteger, math.mininteger + 2 do s = s + i % 5 end
add(s)
for _, line in ipairs(out) do print(line) end
return #out
