-- table.pack/unpack with nils, explicit ranges and the n field.
local p = table.pack(1, nil, 3, nil)
local a, b, c, d, e = table.unpack(p, 1, p.n)
local out = { p.n, tostring(a), tostring(b), tostring(c), tostring(d), tostring(e),
  select("#", table.unpack({}, 1, 3)), select("#", table.unpack({ 1, 2, 3 }, 2)),
  table.concat({ table.unpack({ "a", "b", "c", "d" }, 2, 3) }), select("#", table.unpack({ 1, 2 }, 3, 2)) }
local ok, e2 = pcall(table.unpack, {}, 1, 1e8)
out[#out + 1] = e2
return out
