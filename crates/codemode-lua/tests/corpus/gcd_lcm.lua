local function gcd(a, b) while b ~= 0 do a, b = b, a % b end return a end
local function lcm(a, b) return a // gcd(a, b) * b end
return {gcd(48, 18), lcm(4, 6), gcd(17, 5), lcm(21, 6)}
