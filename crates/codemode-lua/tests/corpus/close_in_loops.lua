-- <close> in loops: closed every iteration, on break, and on goto out.
local log = {}
local function res(n) return setmetatable({}, { __close = function() log[#log + 1] = "c" .. n end }) end
for i = 1, 3 do
  local r <close> = res(i)
  if i == 2 then log[#log + 1] = "skip" goto continue end
  log[#log + 1] = "use" .. i
  ::continue::
end
for i = 4, 10 do
  local r <close> = res(i)
  if i == 5 then break end
end
local i = 0
while true do
  i = i + 1
  local r <close> = res(10 + i)
  if i == 2 then goto out end
end
::out::
return log
