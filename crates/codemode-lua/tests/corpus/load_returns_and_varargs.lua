-- A loaded chunk is a vararg function: arguments, multiple results, select in the chunk.
local f = assert(load("local a, b = ... return select('#', ...), a, b, ..."))
local r = table.pack(f(1, nil, 3))
local g = assert(load("return"))
local h = assert(load("return ..."))
return { r.n, r[1], r[2], tostring(r[3]), r[4], select("#", g()), select("#", h(nil, nil)) }
