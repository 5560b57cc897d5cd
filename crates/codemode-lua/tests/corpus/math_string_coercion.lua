-- Arithmetic on numeric strings, tonumber with bases, number formatting.
local vals = table.pack("10" + 1, "10" * "2", "3.5" + 1, "0x10" + 0, 10 .. 20, -"2", "2" ^ 2, "9" // 2, "9.0" // 2,
  tonumber("  12  "), tonumber("1e2"), tonumber("0x1p4"), tonumber("z", 36), tonumber("ff", 16),
  tonumber("777", 8), tonumber("10", 2), tonumber("8", 8), tonumber(""), tonumber("1 2"), tonumber("0x"),
  tostring(1e15), tostring(1e16), tostring(-0.0), tostring(100 // 1.0), 2^63 == math.maxinteger + 1.0)
local out = {}
for i = 1, vals.n do
  local v = vals[i]
  out[i] = math.type(v) and (math.type(v) .. " " .. tostring(v)) or tostring(v)
end
local ok, e = pcall(function() return "abc" + 1 end)
out[#out + 1] = e
local ok2, e2 = pcall(function() return {} .. "x" end)
out[#out + 1] = e2
return out
