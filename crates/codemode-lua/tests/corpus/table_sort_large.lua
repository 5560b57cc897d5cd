local t = {}
local x = 7
for i = 1, 500 do x = (x * 1103515245 + 12345) % 2147483648 t[i] = x % 1000 end
table.sort(t)
local ok = true
for i = 2, #t do if t[i-1] > t[i] then ok = false end end
local u = {}
for i = 1, 300 do u[i] = (i * 37) % 101 end
table.sort(u, function(a, b) return a > b end)
return {ok, t[1], t[500], u[1], u[300], #t}
