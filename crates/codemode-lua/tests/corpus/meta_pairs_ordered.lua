-- __pairs giving an ordered traversal of a table (keys sorted).
local function ordered(t)
  return setmetatable(t, { __pairs = function(tt)
    local keys = {}
    for k in next, tt do keys[#keys + 1] = k end
    table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
    local i = 0
    return function()
      i = i + 1
      local k = keys[i]
      if k ~= nil then return k, tt[k] end
    end, tt, nil
  end })
end
local t = ordered({ zeta = 1, alpha = 2, mid = 3, [10] = "ten", [2] = "two" })
local out = {}
for k, v in pairs(t) do out[#out + 1] = tostring(k) .. "=" .. tostring(v) end
return out
