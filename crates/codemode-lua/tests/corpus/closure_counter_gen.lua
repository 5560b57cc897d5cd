local function range(n)
  local i = 0
  return function() i = i + 1 if i <= n then return i end end
end
local s = 0
for v in range(10) do s = s + v end
return s
