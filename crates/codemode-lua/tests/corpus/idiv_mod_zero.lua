local r = {}
r[1] = select(2, pcall(function() return 1 // 0 end))
r[2] = select(2, pcall(function() return 1 % 0 end))
r[3] = 1.0 // 0 == math.huge
r[4] = tostring(1 % 0.0)
r[5] = -1 // 0.0 == -math.huge
return r
