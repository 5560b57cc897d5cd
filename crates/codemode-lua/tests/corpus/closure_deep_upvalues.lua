local a = 1
local function l1()
  local b = 2
  return function()
    local c = 3
    return function() a = a + 1 return a + b + c end
  end
end
local f = l1()()
return {f(), f(), a}
