local t = {1, 2, 3,}
local u = {a = 1; b = 2; 3}
return {#t, u.a, u.b, u[1]}
