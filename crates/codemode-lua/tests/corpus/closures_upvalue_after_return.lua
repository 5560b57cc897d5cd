local function mk()
  local t = {}
  for i = 1, 3 do
    local v = i * 2
    t[i] = function() v = v + 1 return v end
  end
  return t
end
local t = mk()
return {t[1](), t[1](), t[2](), t[3]()}
