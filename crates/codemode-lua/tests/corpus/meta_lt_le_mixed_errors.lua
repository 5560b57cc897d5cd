-- Comparison metamethods, and the errors for comparing mixed types without them.
local V = {}
V.__lt = function(a, b) return a.v < b.v end
V.__le = function(a, b) return a.v <= b.v end
local function v(x) return setmetatable({ v = x }, V) end
local out = { v(1) < v(2), v(2) <= v(2), v(3) > v(2), v(1) >= v(2) }
for _, f in ipairs({
  function() return {} < {} end,
  function() return 1 < "2" end,
  function() return "a" < 1 end,
  function() return nil > 1 end,
  function() return {} <= 1 end,
}) do
  local ok, e = pcall(f)
  out[#out + 1] = e
end
return out
