local a = {3.5, 1, -2, 10, 2.25, 0}
table.sort(a)
local b = {"b", "a", "C", "B"}
table.sort(b, function(x, y) return x:lower() < y:lower() or (x:lower() == y:lower() and x < y) end)
return {a, b}
