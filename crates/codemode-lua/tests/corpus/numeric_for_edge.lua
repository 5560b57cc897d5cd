local out = {}
local n = 0
for i = math.maxinteger - 2, math.maxinteger do n = n + 1 end
out[1] = n
n = 0
for i = math.mininteger, math.mininteger + 2 do n = n + 1 end
out[2] = n
n = 0
for i = 1, 3.5 do n = n + 1 end
out[3] = n
n = 0
for i = 1, math.huge do n = n + 1 if n == 5 then break end end
out[4] = n
n = 0
for i = 0.1, 1.0, 0.1 do n = n + 1 end
out[5] = n
out[6] = select(2, pcall(function() for i = 1, 10, 0 do end end))
out[7] = select(2, pcall(function() for i = "a", 10 do end end))
out[8] = select(2, pcall(function() for i = 1, {} do end end))
out[9] = select(2, pcall(function() for i = 1, 2, nil do end end))
for i = 3, 1 do out[10] = "no" end
local cnt = 0
for i = math.maxinteger - 1, math.maxinteger, 2 do cnt = cnt + 1 end
out[10] = cnt
return out
