local t = {}
t[1.0] = "a"; t[2] = "b"; t[-0.0] = "zero"
local n = 0
for k, v in pairs(t) do n = n + 1 end
return {n, t[1], t[2.0], t[0], math.type(next({[3.0] = 1}))}
