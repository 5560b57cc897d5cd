local out = {}
for _, f in ipairs({"%5s", "%-5s", "%05d", "%+5d", "% d", "%#x", "%#o", "%.3d", "%8.3f", "%-8.2e", "%g", "%.3g", "%10.4g"}) do
  local v = f:find("s") and "ab" or 42.125
  if f:find("[dxo]") then v = 42 end
  out[#out + 1] = string.format(f, v)
end
return out
