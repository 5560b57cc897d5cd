-- continue at two loop levels, distinct labels per loop
local out = {}
for i = 1, 4 do
  if i == 2 then goto next_i end
  for j = 1, 4 do
    if j == i then goto next_j end
    if j > 3 then goto next_i end
    out[#out + 1] = i * 10 + j
    ::next_j::
  end
  ::next_i::
end
return out
