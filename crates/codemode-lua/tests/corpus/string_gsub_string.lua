return {
  {("hello world"):gsub("o", "0")},
  {("hello world"):gsub("(%w+)", "<%1>")},
  {("hello"):gsub("", "-")},
  {("abc"):gsub("%w", "%0%0")},
  {("hello world"):gsub("o", "0", 1)},
  {("a.b.c"):gsub("%.", "/")},
  {("x"):gsub("x", "%%")},
}
