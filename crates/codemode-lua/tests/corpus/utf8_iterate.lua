local s = "añb€"
local out = {}
for _, c in utf8.codes(s) do out[#out + 1] = c end
local chars = {}
for ch in s:gmatch(utf8.charpattern) do chars[#chars + 1] = ch end
return {out, #chars, utf8.len(s), utf8.offset(s, -1), utf8.codepoint(s, utf8.offset(s, 4))}
