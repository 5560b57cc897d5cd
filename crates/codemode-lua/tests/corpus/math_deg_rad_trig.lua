-- math.deg and math.rad, and trigonometry identities.
local function near(a, b) return math.abs(a - b) < 1e-12 end
return { math.deg(math.pi), math.rad(180) == math.pi, math.deg(0), math.type(math.deg(1)),
  near(math.deg(math.rad(37)), 37), math.rad(90), math.deg(1), near(math.sin(math.rad(30)), 0.5),
  near(math.atan(1, 1), math.pi / 4), math.atan(0, -1) == math.pi, math.type(math.rad(2)) }
