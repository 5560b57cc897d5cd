-- %q of inf, -inf and nan, and of non-number non-strings.
local out = { string.format("%q", 1/0), string.format("%q", -1/0), string.format("%q", 2^63),
  string.format("%q", true), string.format("%q", nil), string.format("%q", false) }
local nan = string.format("%q", 0/0)
out[#out + 1] = (nan == "(0/0)") and "nan ok" or nan
local ok, e = pcall(string.format, "%q", {})
out[#out + 1] = e
local ok2, e2 = pcall(string.format, "%10q", "x")
out[#out + 1] = e2
return out
