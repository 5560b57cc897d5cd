-- <const> locals, and the error for a value that cannot be closed.
local LIMIT <const> = 10
local NAME <const> = "cfg"
local sum = 0
for i = 1, LIMIT do sum = sum + i end
local ok, e = pcall(load, "local x <close> = 42")
local f = load("local x <close> = 42 return 1", "=c")
local ok2, e2 = pcall(f)
local f3 = load("local y <close> = {} return 1", "=c")
local ok3, e3 = pcall(f3)
local f4, e4 = load("local z <const> = 1; z = 2", "=c")
local function nilclose() local n <close> = nil local f <close> = false return "fine" end
return { sum = sum, name = NAME, e2 = e2, e3 = e3, e4 = e4, nc = nilclose() }
