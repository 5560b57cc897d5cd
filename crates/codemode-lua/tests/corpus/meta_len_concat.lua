-- __len and __concat with chains of operands
local List = {}
List.__index = List
List.__len = function(l) return l.n end
List.__concat = function(a, b)
  local r = setmetatable({n = 0, items = {}}, List)
  for _, x in ipairs({a, b}) do
    if type(x) == "table" then
      for i = 1, x.n do r.n = r.n + 1; r.items[r.n] = x.items[i] end
    else
      r.n = r.n + 1; r.items[r.n] = x
    end
  end
  return r
end
local function list(...) return setmetatable({n = select("#", ...), items = {...}}, List) end
local l = list(1, 2) .. list(3) .. 4 .. "five"
local s = "a" .. "b" .. list(1) .. "c"
return {#l, table.concat(l.items, " "), #s, table.concat(s.items, " ")}
