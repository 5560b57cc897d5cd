-- A queue and a stack with table.insert/remove, including positional inserts.
local q = {}
for i = 1, 5 do table.insert(q, i) end
table.insert(q, 1, 0)
table.insert(q, 4, 2.5)
local removed = { table.remove(q, 1), table.remove(q), table.remove(q, 3) }
local ok, e = pcall(table.insert, q, 10, 1)
local ok2, e2 = pcall(table.insert, q, 1, 2, 3)
local moved = table.move({ 1, 2, 3, 4, 5 }, 2, 4, 1)
return { q = q, removed = removed, e = e, e2 = e2, moved = moved }
