local i, j = 0, 10
while i < j and (i * j) ~= 21 do i = i + 1 j = j - 1 end
local n = 0
while not (n >= 5) do n = n + 1 end
return {i, j, n}
