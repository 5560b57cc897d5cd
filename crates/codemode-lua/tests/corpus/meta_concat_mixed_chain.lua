-- __concat in the middle of a long chain of strings and numbers
local T = setmetatable({}, {__concat = function(a, b)
  local sa = type(a) == "table" and "<T>" or a
  local sb = type(b) == "table" and "<T>" or b
  return sa .. sb
end})
return {"a" .. 1 .. T .. "b" .. 2, T .. T, 1 .. T, T .. 2.5, "x" .. T .. T .. "y"}
