-- string.format('%q') of strings, integers and floats loads back to the same value.
local values = { "plain", 'with "quotes"', "new\nline", "tab\tand\\slash", "\0zero\1one", "\r\n",
  "caf\195\169", 0, -1, math.maxinteger, math.mininteger, 1.5, -0.25, 1e100, 2^53, 1/3 }
local out = {}
for i, v in ipairs(values) do
  local q = string.format("%q", v)
  local back = load("return " .. q)()
  out[i] = (back == v and math.type(back) == math.type(v)) and "same" or ("diff " .. q)
end
return { out = out, s1 = string.format("%q", "a\nb"), s2 = string.format("%q", 255),
  s3 = string.format("%q", math.mininteger), s4 = string.format("%q", 0.5) }
