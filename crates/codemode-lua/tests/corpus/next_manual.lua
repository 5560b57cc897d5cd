local t = {x = 1}
local k, v = next(t)
local k2 = next(t, k)
return {k, v, k2 == nil, next({}) == nil}
