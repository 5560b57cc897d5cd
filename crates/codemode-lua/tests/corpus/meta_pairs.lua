-- __pairs customizes pairs()
local ordered = setmetatable({keys = {"b", "a", "c"}, vals = {a = 1, b = 2, c = 3}}, {
  __pairs = function(t)
    local i = 0
    return function()
      i = i + 1
      local k = t.keys[i]
      if k then return k, t.vals[k] end
    end, t, nil
  end,
})
local out = {}
for k, v in pairs(ordered) do out[#out + 1] = k .. v end
return table.concat(out, ",")
