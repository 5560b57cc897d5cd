-- goto as a labelled break out of while, repeat and generic for
local found = {}
local i = 0
while true do
  i = i + 1
  if i > 5 then goto w_end end
end
::w_end::
found[#found + 1] = i
local j = 0
repeat
  j = j + 1
  if j == 3 then goto r_end end
until false
::r_end::
found[#found + 1] = j
for k, v in pairs({a = 1}) do
  found[#found + 1] = k
  goto f_end
end
::f_end::
return found
