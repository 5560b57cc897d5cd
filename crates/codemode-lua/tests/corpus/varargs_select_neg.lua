local function f(...) return select(-1, ...) end
local function g(...) return select(-2, ...) end
return {f(1,2,3), g(1,2,3)}
