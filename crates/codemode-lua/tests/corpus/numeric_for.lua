local out = {}
for i = 1, 3 do out[#out+1] = i end
for i = 3, 1, -1 do out[#out+1] = i end
for i = 1, 0 do out[#out+1] = "never" end
for i = 1, 10, 4 do out[#out+1] = i end
for i = 1.0, 2.0, 0.5 do out[#out+1] = i end
for i = 10, 1, -3 do out[#out+1] = i end
return out
