local out = {}
for i = 1, 5 do
  for j = 1, 5 do
    if j > i then break end
    out[#out+1] = i * 10 + j
  end
  if i == 3 then break end
end
return out
