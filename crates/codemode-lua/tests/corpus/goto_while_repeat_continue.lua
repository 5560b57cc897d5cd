-- continue in while and repeat loops (the label at the end of the body).
local i, s = 0, {}
while i < 10 do
  i = i + 1
  if i % 3 == 0 then goto continue end
  s[#s + 1] = i
  ::continue::
end
local j, t = 0, {}
repeat
  j = j + 1
  if j == 2 or j == 4 then goto cont end
  t[#t + 1] = j * 10
  ::cont::
until j >= 5
return { s = s, t = t }
