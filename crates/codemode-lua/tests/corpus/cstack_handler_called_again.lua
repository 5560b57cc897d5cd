local xpcall, error, select = xpcall, error, select
local n = 0
local function h(m) n = n + 1 return xpcall(error, h, m) end
local r = {xpcall(error, h, "x")}
local out = {select('#', table.unpack(r)), n, r[#r]}
n = 0
local function h2(m) n = n + 1 error(m) end
out[#out+1] = {xpcall(error, h2, "y")}
out[#out+1] = n
return out
