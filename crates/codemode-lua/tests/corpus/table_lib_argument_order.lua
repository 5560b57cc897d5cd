-- The table functions measure the table (calling __len) before they check their other
-- arguments, and sort checks its comparator only when there are two elements or more.
local out = {}
out[1] = { pcall(table.sort, {}, 5) }
out[2] = { pcall(table.sort, { 1 }, 5) }
out[3] = { pcall(table.sort, { 2, 1 }, 5) }
out[4] = select(2, pcall(function() table.sort({ 2, 1 }, "x") end))
local measured = 0
local p = setmetatable({}, { __len = function() measured = measured + 1 return 0 end })
out[5] = select(2, pcall(table.insert, p, "x", 1))
out[6] = select(2, pcall(function() table.concat(p, {}) end))
out[7] = select(2, pcall(table.remove, p, "x"))
out[8] = { pcall(table.sort, p, 5) }
out[9] = select(2, pcall(function() table.insert(p, 1, 2, 3) end))
out[10] = select(2, pcall(table.unpack, p, "x"))
out[11] = measured
return out
