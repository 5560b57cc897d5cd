-- Subtraction of a small integer constant (compiled as an addition of its negation).
local r = {}
local z = -0.0
r[#r + 1] = tostring(z - 0)
r[#r + 1] = tostring(z + 0)
r[#r + 1] = tostring(z - 1)
r[#r + 1] = tostring(("10") - 1)
r[#r + 1] = tostring(("1.5") - 2)
r[#r + 1] = tostring(math.mininteger - 1)
r[#r + 1] = tostring(math.maxinteger - -1)
r[#r + 1] = tostring(3.5 - 32767)
r[#r + 1] = tostring(7 - 32768)
r[#r + 1] = tostring(7 - -32768)
r[#r + 1] = select(2, pcall(function() local t = {} return t - 1 end))
r[#r + 1] = select(2, pcall(function() local q = "abc" return q - 1 end))
r[#r + 1] = select(2, pcall(function() local q = {} return q.x - 7 end))
local function fib(n)
  if n < 2 then return n end
  return fib(n - 1) + fib(n - 2)
end
r[#r + 1] = tostring(fib(15))
r[#r + 1] = tostring(fib(2.5))
return r
