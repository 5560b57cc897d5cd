local log = {}
local function res(i) return setmetatable({}, {__close = function() log[#log + 1] = "c" .. i end}) end
local i = 0
while i < 3 do
  i = i + 1
  local r <close> = res(i)
  if i == 2 then goto continue end
  log[#log + 1] = "w" .. i
  ::continue::
end
repeat
  local r <close> = res(10 + i)
  i = i - 1
until i == 0
local gen = coroutine.wrap(function()
  for k = 1, 2 do
    local r <close> = res(100 + k)
    coroutine.yield(k)
  end
end)
log[#log + 1] = "g" .. gen()
log[#log + 1] = "g" .. gen()
gen()
return log
