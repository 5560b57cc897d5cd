local t = {1, 2, 3, 4, 5}
t[5] = nil
local a = #t
t[4] = nil
local b = #t
t[#t + 1] = "x"
return {a, b, #t, t[4]}
