-- Closed upvalues that hold functions: two closures with the same upvalue index, and
-- the upvalue set again (by another closure) between calls.
local function make(tag)
  local self
  local function rec(n) if n == 0 then return tag end return self(n - 1) end
  self = rec
  return rec, function(f) self = f end
end
local a, seta = make(1)
local b, setb = make(2)
local s = 0
for i = 1, 50 do
  s = s + a(i % 4) * 10 + b(i % 3)
  if i == 25 then seta(function() return 5 end) end
  if i == 40 then setb(function(n) return n * 3 end) end
end
setb(7)
local ok = pcall(b, 2)
print(s, ok, b(0))
