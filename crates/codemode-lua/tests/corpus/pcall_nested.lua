local function lvl3() error("deep") end
local function lvl2() local ok, e = pcall(lvl3) return "caught:" .. e end
local ok, r = pcall(lvl2)
local ok2, r2 = pcall(pcall, error, "x")
return {ok, r, ok2, r2}
