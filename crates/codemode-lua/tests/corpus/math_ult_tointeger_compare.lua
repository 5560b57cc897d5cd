-- Unsigned comparison, exact int/float comparisons near 2^63 and 2^53.
local maxi, mini = math.maxinteger, math.mininteger
return {
  math.ult(1, 2), math.ult(-1, 2), math.ult(2, -1), math.ult(maxi, mini),
  maxi < 2^63, maxi + 0.0 == 2^63, maxi == 2^63, mini == -2^63, mini < -2^63, 2^53 + 1 == 2^53,
  (2^53 | 0) + 1 == 2^53 + 1, 1 < 1.5, 2 <= 2.0, -0.0 == 0, math.tointeger(-0.0), 3 == 3.0000000000000001,
  maxi // 1 == maxi, maxi / 1 == 2^63, tostring(5 // 0.0), tostring(-5 % math.huge),
}
