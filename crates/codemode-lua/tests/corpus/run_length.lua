local function rle(s)
  local out = {}
  local i = 1
  while i <= #s do
    local c = s:sub(i, i)
    local j = i
    while s:sub(j + 1, j + 1) == c do j = j + 1 end
    out[#out + 1] = (j - i + 1) .. c
    i = j + 1
  end
  return table.concat(out)
end
return {rle("aaabccdddd"), rle(""), rle("x")}
