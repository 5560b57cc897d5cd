local x <const> = 10
local y <const> = "s"
return {x * 2, y .. "!"}
