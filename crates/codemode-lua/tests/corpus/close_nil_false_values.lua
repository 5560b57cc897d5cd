local n = 0
do
  local a <close> = nil
  local b <close> = false
  n = n + 1
end
local mt = {__close = function() n = n + 10 end}
do
  local c <close> = setmetatable({}, mt)
  mt.__close = function() n = n + 100 end
end
return n
