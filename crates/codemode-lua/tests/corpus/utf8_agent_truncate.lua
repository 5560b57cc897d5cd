-- Truncate UTF-8 text by characters (not bytes), count characters, list code points.
local function truncate(s, n)
  if utf8.len(s) <= n then return s end
  return s:sub(1, utf8.offset(s, n + 1) - 1) .. "…"
end
local s = "naïve café ☕ ok"
local cps = {}
for _, c in utf8.codes("aé☕") do cps[#cps + 1] = c end
return { truncate(s, 5), truncate(s, 40), utf8.len(s), #s, cps, utf8.char(72, 228, 8364),
  tostring(utf8.len("\xff")), select(2, utf8.len("ab\xffcd")) }
