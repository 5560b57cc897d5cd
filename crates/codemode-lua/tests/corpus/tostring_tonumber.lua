return {
  tonumber("42"), tonumber("0x1F"), tonumber("  12  "), tonumber("1e2"), tonumber("abc") == nil, tonumber("10", 2),
  tonumber("ff", 16), tonumber("zz", 36), tonumber("8", 8) == nil, tonumber(""), tonumber("1 2") == nil, tonumber(5),
  tostring(12), tostring(-3.5), tostring(true), tostring(nil), tonumber("0x7fffffffffffffff"), tonumber("-0x10"),
  tonumber("1e500") == math.huge, tonumber(".5"), tonumber("5."), math.type(tonumber("10")), math.type(tonumber("10.0")),
}
