-- lmathlib pushes an integral part that fits an integer as an integer
local out = {}
for _, x in ipairs({3.7, -3.7, 5, -0.0, 1e100, 2^53, 0.5, "7.25"}) do
  local i, f = math.modf(x)
  out[#out + 1] = math.type(i) .. ":" .. tostring(i) .. "/" .. math.type(f) .. ":" .. tostring(f)
end
local i, f = math.modf(math.huge)
out[#out + 1] = tostring(i) .. " " .. tostring(f)
out[#out + 1] = math.type(math.floor(2.5)) .. math.type(math.ceil(-2.5)) .. math.type(math.floor(1e300))
out[#out + 1] = math.type(math.fmod(7, 3)) .. math.type(math.fmod(7.0, 3)) .. math.type(math.abs(-3))
return table.concat(out, ",")
