return {
  ("2024-01-15"):match("(%d+)-(%d+)-(%d+)"),
  ("  trim me  "):match("^%s*(.-)%s*$"),
  ("abc123"):match("%a+"),
  ("abc123"):match("%d+"),
  ("no digits"):match("%d") == nil,
  ("x=1"):match("()=()"),
  ("[tag]"):match("%[(.-)%]"),
}
