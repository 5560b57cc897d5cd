local seen = {}
local n = 0
local r = ("a1b2c3"):gsub("%d", function(d) n = n + 1 seen[#seen + 1] = d return "<" .. d * n .. ">" end)
return {r, n, table.concat(seen)}
