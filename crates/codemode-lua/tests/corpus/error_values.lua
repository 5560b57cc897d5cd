local out = {}
local ok, e = pcall(error, {code = 42})
out[1] = e.code
ok, e = pcall(error, "msg", 0)
out[2] = e
ok, e = pcall(function() error("lvl1") end)
out[3] = e
ok, e = pcall(function() local function inner() error("lvl2", 2) end inner() end)
out[4] = e
ok, e = pcall(error)
out[5] = e == nil
ok, e = pcall(error, 42)
out[6] = e
return out
