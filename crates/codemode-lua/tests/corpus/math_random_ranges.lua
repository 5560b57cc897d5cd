-- math.random's argument checks (values depend on the generator, so only checks here).
local out = {}
for _, args in ipairs({ { 0 }, { 1, 0 }, { 3, 1 }, { math.mininteger, math.maxinteger } }) do
  local ok, e = pcall(math.random, table.unpack(args))
  out[#out + 1] = ok and "ok" or e
end
local ok, e = pcall(math.random, 1, 2, 3)
out[#out + 1] = e
local inrange = true
for i = 1, 200 do
  local r = math.random(5, 9)
  if r < 5 or r > 9 or math.type(r) ~= "integer" then inrange = false end
  local f = math.random()
  if f < 0 or f >= 1 then inrange = false end
end
out[#out + 1] = inrange
return out
