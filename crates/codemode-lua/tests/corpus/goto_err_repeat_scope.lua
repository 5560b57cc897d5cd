local i = 0
repeat
  i = i + 1
  if i < 3 then goto cont end
  local done = true
  ::cont::
until done or i > 5
return i
