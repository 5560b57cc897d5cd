-- a label at the end of a block is outside the scope of the block's locals
local r = {}
do
  goto last
  local x = 1
  r[#r + 1] = x
  ::last::
end
for i = 1, 3 do
  if i == 2 then goto continue end
  local y = i * 2
  r[#r + 1] = y
  ::continue:: ;
end
-- same label name in sibling blocks is fine
do ::l:: end
do ::l:: end
return r
