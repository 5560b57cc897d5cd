local x = 0
for i = 1, 3 do x = x + i end
return x
