-- floor/ceil/modf/abs/fmod results and their integer or float types.
local function t(v) return math.type(v) .. ":" .. tostring(v) end
return {
  t(math.floor(3.7)), t(math.floor(-3.2)), t(math.ceil(3.2)), t(math.ceil(-3.7)), t(math.floor(5)),
  t(math.floor(2^62)), t(math.floor(1e300)), t(math.ceil(-0.5)),
  t(math.modf(3.7)), t(select(2, math.modf(3.75))), t(math.modf(-2.5)), t(math.modf(5)),
  t(select(2, math.modf(5))), t(math.modf(math.huge)), t(select(2, math.modf(-math.huge))),
  t(math.abs(-3)), t(math.abs(-3.5)), t(math.abs(math.mininteger)),
  t(math.fmod(7, 3)), t(math.fmod(-7, 3)), t(math.fmod(7, -3)), t(math.fmod(7.5, 2)), t(math.fmod(-6, math.mininteger)),
  t(math.max(1, 2.5)), t(math.min(3, 1)), t(math.max(2, 2.0)),
}
