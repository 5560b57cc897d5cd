local function make()
  local x = 0
  local function get() return x end
  local function set(v) x = v end
  return get, set
end
local g, s = make()
s(42)
local g2, s2 = make()
s2(7)
return {g(), g2()}
