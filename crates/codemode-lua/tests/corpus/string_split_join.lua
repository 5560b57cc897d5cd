local function split(s, sep)
  local out = {}
  for piece in (s .. sep):gmatch("(.-)" .. sep:gsub("%p", "%%%0")) do out[#out + 1] = piece end
  return out
end
return {split("a,b,,c", ","), #split("", ","), split("x.y.z", "."), table.concat(split("1;2;3", ";"), "+")}
