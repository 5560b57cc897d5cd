local n = 0
repeat
  local done = n >= 3
  n = n + 1
until done
return n
