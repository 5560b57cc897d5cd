-- A string __name names the type in the library's argument errors (luaL_typeerror).
local Point = { __name = "Point" }
local p = setmetatable({}, Point)
local out = {}
out[1] = select(2, pcall(string.rep, p, 2))
out[2] = select(2, pcall(math.floor, p))
out[3] = select(2, pcall(string.upper, setmetatable({}, { __name = 5 })))
out[4] = select(2, pcall(table.concat, {}, p))
return out
