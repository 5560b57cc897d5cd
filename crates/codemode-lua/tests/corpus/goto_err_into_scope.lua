local t = {}
goto fill
local n = 3
::fill::
t[1] = n
return t
