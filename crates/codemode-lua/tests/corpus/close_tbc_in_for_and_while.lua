local count = 0
local function tracker() return setmetatable({}, {__close = function() count = count + 1 end}) end
for i = 1, 5 do
  local t <close> = tracker()
  if i == 4 then break end
end
local n = 0
while true do
  n = n + 1
  local t <close> = tracker()
  if n >= 3 then break end
end
local function early(x)
  local a <close> = tracker()
  if x then return "early" end
  local b <close> = tracker()
  return "late"
end
return {count, early(true), count, early(false), count}
