-- A constructor sizes the array part with all its positional items, nils included.
local r = {}
r[#r + 1] = #{10, 20, 30, nil, 50}
r[#r + 1] = #{nil, nil, 3}
r[#r + 1] = #{1, nil}
r[#r + 1] = #{n = 1, 10, 20, nil, 40}
r[#r + 1] = #{1, 2, nil, nil, nil, 6}
local function f(...) return {...} end
r[#r + 1] = #f(1, nil, 3)
r[#r + 1] = #{f(1, nil, nil, 4)}
r[#r + 1] = #table.pack(1, nil, 3)
r[#r + 1] = table.pack(1, nil, 3).n
local t = {[2] = "hash", "a", "b"}
r[#r + 1] = t[2]
local n = 0
for k, v in pairs(t) do n = n + 1 end
r[#r + 1] = n
local u = {10, 20, nil, 40}
u[5] = 50
r[#r + 1] = #u
r[#r + 1] = select("#", table.unpack({1, nil, 3}))
return r
