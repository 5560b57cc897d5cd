-- Integer/float edges: overflow wrap, float conversion, floor division and modulo signs.
local maxi, mini = math.maxinteger, math.mininteger
local vals = table.pack(
  maxi + 1 == mini, mini - 1 == maxi, maxi * 2, -mini == mini, mini // -1, mini % -1,
  7 // 2, -7 // 2, 7 // -2, 7 % -3, -7 % 3, 7.5 // 2, -7.5 % 2, 3 % math.huge, -3 % math.huge,
  math.type(1), math.type(1.0), math.type("1"), 1 == 1.0, math.type(2^53), 2^53 == 2^53 + 1,
  math.tointeger(3.0), math.tointeger(3.5), math.tointeger("8"), math.tointeger(2^63),
  1 // 0.0, -1 // 0.0, maxi + 0.0 == 2^63, mini + 0.0 == -2^63, 0.0 == -0.0, 1/0 > maxi
)
local out = {}
for i = 1, vals.n do
  local v = vals[i]
  out[i] = math.type(v) and (math.type(v) .. " " .. tostring(v)) or tostring(v)
end
local ok, e = pcall(function() return 1 // 0 end)
local ok2, e2 = pcall(function() return 1 % 0 end)
out[#out + 1] = e
out[#out + 1] = e2
return out
