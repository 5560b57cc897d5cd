local function merge(a, b)
  local out = {}
  for k, v in pairs(a) do out[k] = v end
  for k, v in pairs(b) do
    if type(v) == "table" and type(out[k]) == "table" then out[k] = merge(out[k], v) else out[k] = v end
  end
  return out
end
local m = merge({a = 1, nested = {x = 1, y = 2}, keep = true}, {b = 2, nested = {y = 20, z = 30}})
return m
