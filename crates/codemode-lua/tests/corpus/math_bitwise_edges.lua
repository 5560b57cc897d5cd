-- Bitwise operators: shifts past 63, negative shifts, float operands with exact values.
local out = { 1 << 63, 1 << 64, -1 >> 1, -1 >> 63, -1 >> 64, 1 << -1, 8 >> -2, ~0, 5 & 3.0,
  0xFF ~ 0x0F, math.mininteger >> 63, 2^53 | 0 }
local ok, e = pcall(function() return 1.5 | 0 end)
local ok2, e2 = pcall(function() return "a" & 1 end)
local ok3, e3 = pcall(function() return 2^64 | 0 end)
local ok4, e4 = pcall(function() return "3" | 4 end)
out[#out + 1] = e4
out[#out + 1] = e
out[#out + 1] = e2
out[#out + 1] = e3
return out
