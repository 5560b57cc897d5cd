local function sorted_pairs(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  return coroutine.wrap(function()
    for _, k in ipairs(keys) do coroutine.yield(k, t[k]) end
  end)
end
local out = {}
for k, v in sorted_pairs({zeta = 1, alpha = 2, [3] = "three", mid = true}) do out[#out + 1] = tostring(k) .. "=" .. tostring(v) end
return out
