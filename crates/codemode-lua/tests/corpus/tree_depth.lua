local function build(d) if d == 0 then return {} end return {left = build(d - 1), right = build(d - 1)} end
local function count(t) if not t.left then return 1 end return 1 + count(t.left) + count(t.right) end
return count(build(8))
