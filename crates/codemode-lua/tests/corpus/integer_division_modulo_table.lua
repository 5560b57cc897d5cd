-- A table of // and % over sign combinations, integers and floats.
local out = {}
for _, a in ipairs({ 7, -7, 7.0, -7.5 }) do
  for _, b in ipairs({ 3, -3, 2.5 }) do
    out[#out + 1] = string.format("%s//%s=%s %s%%%s=%s", a, b, a // b, a, b, a % b)
  end
end
return out
