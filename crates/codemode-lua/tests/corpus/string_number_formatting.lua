local function commas(n)
  local s = tostring(n)
  local int, frac = s:match("^(%-?%d+)(.*)$")
  int = int:reverse():gsub("(%d%d%d)", "%1,"):reverse():gsub("^,", ""):gsub("^%-,", "-")
  return int .. frac
end
return {commas(1234567), commas(-987654), commas(12), commas(1234.5), ("%.1f%%"):format(45.678)}
