local function a() error("in a", 1) end
local function b() error("from b to caller", 2) end
local function c() b() end
return {select(2, pcall(a)), select(2, pcall(c))}
