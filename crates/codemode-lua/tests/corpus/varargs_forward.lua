local function sum(...) local s = 0 for _, v in ipairs({...}) do s = s + v end return s end
local function fwd(...) return sum(...) end
return {fwd(1,2,3,4), fwd(), sum(10)}
