-- Syntax error messages with their line numbers in multi-line chunks.
local out = {}
for _, src in ipairs({
  "local x = 1\nlocal y = \nlocal z = 3",
  "if x then\n  print(1)\n",
  "x = 1 +* 2",
  "local t = { 1, 2,, 3 }",
  "return 'a' .. ",
  "for i = 1, 10\nprint(i)\nend",
  "local 1x = 2",
  "x = [[unfinished",
}) do
  local f, e = load(src, "=src")
  out[#out + 1] = e or "ok"
end
return out
