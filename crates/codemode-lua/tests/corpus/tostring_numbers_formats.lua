-- How numbers print: integers, floats with .0, large and small exponents, %g rules.
return { tostring(1), tostring(1.0), tostring(-0.0), tostring(1e100), tostring(123456789012.0),
  tostring(0.1), tostring(1/3), tostring(2^63), tostring(-2^63), tostring(math.pi), tostring(1e-7),
  tostring(3.14159e20), tostring(100000000000000), tostring(1e14), string.format("%.14g", 2^53),
  tostring(math.huge), tostring(-math.huge), 7 // 2 * 1.0 }
