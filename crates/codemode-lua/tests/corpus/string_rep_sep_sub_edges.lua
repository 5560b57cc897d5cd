-- string.rep with separators, sub with negative and out-of-range indices, byte/char.
return {
  string.rep("ab", 3, ","), string.rep("x", 0), string.rep("x", -1), string.rep("", 5, "-"),
  ("hello"):sub(-3), ("hello"):sub(2, -2), ("hello"):sub(0), ("hello"):sub(10), ("hello"):sub(-100, 2),
  ("hello"):sub(3, 2), table.concat({ ("ABC"):byte(1, -1) }, ","), string.char(72, 105),
  ("%d"):rep(2):format(1, 2), #string.rep("ab", 4, "--"),
}
