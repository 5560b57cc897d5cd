local s = "banana bandana"
local _, n = s:gsub("an", "")
local m = select(2, s:gsub("a", "a"))
local pos = {}
local i = 0
while true do i = s:find("a", i + 1, true) if not i then break end pos[#pos + 1] = i end
return {n, m, pos}
