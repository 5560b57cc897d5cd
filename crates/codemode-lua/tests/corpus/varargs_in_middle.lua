local function f(...) return ... end
local t = {f(1, 2), f(3, 4)}
local a, b, c = f(1), f(2, 3)
return {t, a, b, c}
