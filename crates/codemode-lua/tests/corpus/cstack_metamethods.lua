-- metamethods run for instructions each take a C level in lua5.4: runaway recursion
-- through them is "C stack overflow" at the instruction's line
local pcall, setmetatable = pcall, setmetatable
local r = {}
local d = 0
local t = setmetatable({}, { __index = function(t, k) d = d + 1; return t[k] end })
r[#r + 1] = { pcall(function() return t.x end) }
r[#r + 1] = d
d = 0
local mt = {}
mt.__add = function(a, b) d = d + 1; return a + b end
local o = setmetatable({}, mt)
r[#r + 1] = { pcall(function() return o + 1 end) }
r[#r + 1] = d
d = 0
mt.__concat = function(a, b) d = d + 1; return a .. b end
r[#r + 1] = { pcall(function() return o .. "x" end) }
r[#r + 1] = d
d = 0
mt.__lt = function(a, b) d = d + 1; return a < b end
r[#r + 1] = { pcall(function() return o < o end) }
r[#r + 1] = d
d = 0
mt.__len = function(a) d = d + 1; return #a end
r[#r + 1] = { pcall(function() return #o end) }
r[#r + 1] = d
d = 0
mt.__newindex = function(a, k, v) d = d + 1; a[k] = v end
r[#r + 1] = { pcall(function() o.y = 1 end) }
r[#r + 1] = d
d = 0
mt.__unm = function(a) d = d + 1; return -a end
r[#r + 1] = { pcall(function() return -o end) }
r[#r + 1] = d
-- a tail call inside a metamethod keeps its level
d = 0
local deep = setmetatable({}, { __index = function(t, k)
  d = d + 1
  if d > 150 then return "deep enough" end
  return (function() return t[k] end)()
end })
r[#r + 1] = { pcall(function() return deep.z end) }
-- an __index chain of tables is no call: 1,000 steps are fine
local base = { v = "found" }
for i = 1, 1000 do base = setmetatable({}, { __index = base }) end
r[#r + 1] = base.v
-- nor is a chain of __call tables
local f = function() return "called" end
for i = 1, 150 do f = setmetatable({}, { __call = f }) end
r[#r + 1] = f()
return r
