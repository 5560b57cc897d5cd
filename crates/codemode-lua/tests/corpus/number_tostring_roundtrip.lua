local vals = {0.1, 1/3, 2/3, 1e-5, 123.456, 1e21, 5e-324, 1.7976931348623157e308, 255/256}
local out = {}
for i, v in ipairs(vals) do out[i] = tostring(v) end
return out
