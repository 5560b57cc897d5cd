-- nested pcall stops at lua5.4's C-stack limit (LUAI_MAXCCALLS = 200): the pcall that
-- would reach it returns false and "C stack overflow"; the levels are given back after
local pcall, select, error = pcall, select, error
local depth = 0
local function nest()
  depth = depth + 1
  return pcall(nest)
end
local r = {}
r[#r + 1] = select("#", nest())
r[#r + 1] = depth
r[#r + 1] = select(-1, nest())
-- raised again by each level: the outer pcall sees the message
depth = 0
local function rethrow()
  depth = depth + 1
  local ok, e = pcall(rethrow)
  if not ok then error(e, 0) end
end
local ok, e = pcall(rethrow)
r[#r + 1] = { ok, e, depth }
-- the same depth every time: the levels were released
for i = 1, 3 do
  depth = 0
  nest()
  r[#r + 1] = depth
end
-- deep Lua recursion does not count: a pcall at the bottom still works
local function down(n)
  if n == 0 then return pcall(function() return "bottom" end) end
  local a, b = down(n - 1)
  return a, b
end
r[#r + 1] = { down(5000) }
return r
