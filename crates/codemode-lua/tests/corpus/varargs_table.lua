local function pack(...) return {n = select("#", ...), ...} end
local p = pack(1, 2, 3)
local q = table.pack(4, 5)
return {p.n, p[3], q.n, #q}
