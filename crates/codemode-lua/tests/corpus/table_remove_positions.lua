local out = {}
local function try(...) local ok, v = pcall(table.remove, ...) out[#out+1] = tostring(ok) .. " " .. tostring(v) end
local a = {n = 0, [-7] = "ban"}
try(a, #a)
try(a)
try(a, 0)
try(a, 1)
try(a, -1)
try(a, 2)
local b = {10, 20, 30}
try(b, 4)
try(b, 5)
try(b, 0)
try(b, 3)
try(b)
out[#out+1] = #b .. " " .. tostring(b[1])
local c = {[0] = "zero"}
try(c, 0)
out[#out+1] = tostring(c[0])
local d = {1, 2, 3}
try(d, #d + 1)
out[#out+1] = #d
return out
