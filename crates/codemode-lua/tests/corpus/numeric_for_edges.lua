-- Numeric for: float steps, negative steps, overflow-safe bounds, zero step error.
local out = {}
for i = 1, 2, 0.5 do out[#out + 1] = i end
for i = 3, 1, -1 do out[#out + 1] = i end
local n = 0
for i = math.maxinteger - 2, math.maxinteger do n = n + 1 end
out[#out + 1] = n
local m = 0
for i = math.mininteger, math.mininteger + 2 do m = m + 1 end
out[#out + 1] = m
for i = 1, 0 do out[#out + 1] = "never" end
for i = 1.0, 3 do out[#out + 1] = math.type(i) end
local ok, e = pcall(function() for i = 1, 10, 0 do end end)
out[#out + 1] = e
local ok2, e2 = pcall(function() for i = "a", 2 do end end)
out[#out + 1] = e2
return out
