local x = 1
local out = {x}
do local x = 2 out[#out + 1] = x end
out[#out + 1] = x
local function f(x) return x * 10 end
out[#out + 1] = f(3)
for x = 5, 5 do out[#out + 1] = x end
out[#out + 1] = x
return out
