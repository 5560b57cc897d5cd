-- select('#') counts nils; negative select takes from the end; errors.
local function count(...) return select("#", ...) end
local function last(...) return (select(-1, ...)) end
local function tail2(...) return select(-2, ...) end
local out = { count(), count(nil), count(nil, nil), count(1, nil, 3, nil), last(1, 2, 3),
  table.concat({ tail2("a", "b", "c") }, ","), select(2, "x", "y", "z"), count(select(5, 1, 2)) }
local ok, e = pcall(select, 0, 1)
local ok2, e2 = pcall(select, -3, 1, 2)
local ok3, e3 = pcall(select, "x")
out[#out + 1] = e
out[#out + 1] = e2
out[#out + 1] = e3
out[#out + 1] = select("#", table.unpack({ 1, nil, 3 }, 1, 3))
return out
