-- continue in while and repeat loops
local n, odd = 0, {}
while n < 10 do
  n = n + 1
  if n % 2 == 0 then goto continue end
  odd[#odd + 1] = n
  ::continue::
end
local k, evens = 0, {}
repeat
  k = k + 1
  if k % 2 == 1 then goto skip end
  evens[#evens + 1] = k
  ::skip::
until k >= 8
return {odd, evens}
