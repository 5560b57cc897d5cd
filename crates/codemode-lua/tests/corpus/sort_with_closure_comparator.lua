local order = {low = 3, mid = 2, high = 1}
local tasks = {{p = "low", n = "a"}, {p = "high", n = "b"}, {p = "mid", n = "c"}, {p = "high", n = "d"}}
local calls = 0
table.sort(tasks, function(x, y) calls = calls + 1 if order[x.p] ~= order[y.p] then return order[x.p] < order[y.p] end return x.n < y.n end)
local out = {}
for i, t in ipairs(tasks) do out[i] = t.n end
return {out, calls > 0}
