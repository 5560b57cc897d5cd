-- __concat with strings and numbers on either side, __len, __call with varargs.
local B = {}
B.__index = B
local function buf(...) return setmetatable({ parts = { ... } }, B) end
B.__concat = function(a, b)
  local out = buf()
  for _, x in ipairs({ a, b }) do
    if getmetatable(x) == B then for _, p in ipairs(x.parts) do out.parts[#out.parts + 1] = p end
    else out.parts[#out.parts + 1] = tostring(x) end
  end
  return out
end
B.__len = function(b) return #b.parts end
B.__call = function(b, sep, ...) return table.concat(b.parts, sep or "") .. select("#", ...) end
local b = "a" .. buf("b", "c") .. 1 .. buf("d") .. 2.5
return { b("-"), #b, b(nil, 1, nil, 3), ("x" .. buf())("") }
