local list = nil
for i = 1, 5 do list = {value = i, next = list} end
local out = {}
local node = list
while node do out[#out + 1] = node.value node = node.next end
return out
