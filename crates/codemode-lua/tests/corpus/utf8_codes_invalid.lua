-- utf8.codes over invalid sequences raises "invalid UTF-8 code" (with the position of
-- the loop); lax mode takes surrogates and values past U+10FFFF; at the end the iterator
-- returns nothing
local function walk(s, lax)
  local ok, e = pcall(function()
    local r = {}
    for p, c in utf8.codes(s, lax) do r[#r + 1] = p .. ":" .. c end
    return table.concat(r, ",")
  end)
  return tostring(ok) .. " " .. tostring(e)
end
local out = {}
for _, s in ipairs({ "ab\xff", "\u{110000}", "\xF4\x9F\xBF\xBF", "a\xC0\x80", "\xED\xA0\x80x",
  "\xE2\x82", "", "abc", "añb€" }) do
  out[#out + 1] = walk(s)
  out[#out + 1] = "lax " .. walk(s, true)
end
local f = utf8.codes("")
out[#out + 1] = select("#", f("", 2)) + select("#", f("", -1)) + select("#", f("", math.mininteger))
out[#out + 1] = select("#", f("abc", 3))
out[#out + 1] = select("#", f("abc", 2))
out[#out + 1] = tostring(pcall(f, "abc", 10))
return out
