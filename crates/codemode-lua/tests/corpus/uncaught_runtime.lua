local t = nil
local y = 2
return t.x
