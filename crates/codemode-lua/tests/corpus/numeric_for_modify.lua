local out = {}
for i = 1, 3 do
  local j = i
  i = i * 10
  out[#out+1] = i + j
end
return out
