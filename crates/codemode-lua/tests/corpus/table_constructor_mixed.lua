local function f() return 10, 20, 30 end
local t = {f(), f(), x = 1, [5] = 99, "last"}
return {#t >= 4, t[1], t[2], t[3], t[4], t.x}
