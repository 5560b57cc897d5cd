local acc = {}
local total = 0
for i = 1, 4 do
  local function add() total = total + i end
  add()
  acc[i] = function() return total end
end
return {acc[1](), acc[4](), total}
