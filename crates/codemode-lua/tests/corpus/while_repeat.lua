local i, s = 0, 0
while i < 10 do i = i + 1 if i % 2 == 0 then s = s + i end end
local j = 0
repeat local k = j j = j + 1 until k >= 5
return {s, j}
