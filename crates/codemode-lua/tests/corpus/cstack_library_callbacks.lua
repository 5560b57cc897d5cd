-- library functions calling back into the program (sort, gsub, tostring, format,
-- the table library over metamethods) each take a C level: runaway recursion through
-- them is a catchable "C stack overflow", as in lua5.4
local pcall, setmetatable, tostring, select = pcall, setmetatable, tostring, select
local sort, gsub, format, concat, insert = table.sort, string.gsub, string.format, table.concat, table.insert
local r = {}
local d = 0
local function s()
  d = d + 1
  sort({ 3, 2, 1 }, function(a, b) s() return a < b end)
end
r[#r + 1] = { pcall(s) }
r[#r + 1] = d
d = 0
local function g()
  d = d + 1
  gsub("a", "a", g)
end
r[#r + 1] = { pcall(g) }
r[#r + 1] = d
-- gsub with a replacement table whose __index recurses through gsub
d = 0
local repl = setmetatable({}, { __index = function() d = d + 1; gsub("a", ".", repl) end })
r[#r + 1] = { pcall(gsub, "a", ".", repl) }
r[#r + 1] = d
d = 0
local mt = {}
mt.__tostring = function(x) d = d + 1; return tostring(x) end
r[#r + 1] = { pcall(tostring, setmetatable({}, mt)) }
r[#r + 1] = d
d = 0
mt.__tostring = function(x) d = d + 1; return format("%s", x) end
r[#r + 1] = { pcall(format, "%s", setmetatable({}, mt)) }
r[#r + 1] = d
d = 0
local p
p = setmetatable({}, {
  __index = function(t, i) d = d + 1; return concat(p, ",", 1, 1) end,
  __len = function() return 1 end,
})
r[#r + 1] = { pcall(concat, p) }
r[#r + 1] = d
-- a comparator that only recurses a little is fine
d = 0
local function shallow(n)
  if n == 0 then return 0 end
  local out = 0
  sort({ 2, 1 }, function(a, b) out = shallow(n - 1) + 1 return a < b end)
  return out
end
r[#r + 1] = shallow(100)
return r
