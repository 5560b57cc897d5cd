-- select('#') and negative select; %q of strings, integers, floats
local function count(...) return select("#", ...) end
local function last(...) return (select(-1, ...)) end
local r = {count(), count(nil), count(nil, nil), count(1, nil, 3), last(1, 2, 3), select(-2, "a", "b", "c")}
r[#r + 1] = string.format("%q", "line1\nline2\0end\"q\"\\")
r[#r + 1] = string.format("%q", 42)
r[#r + 1] = string.format("%q", math.mininteger)
r[#r + 1] = string.format("%q", 0.5)
r[#r + 1] = select(2, pcall(select, 0, 1))
r[#r + 1] = select(2, pcall(select, -5, 1))
return r
