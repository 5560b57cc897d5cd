local s = "héllo wörld"
local cps = {}
for p, c in utf8.codes("aé€") do cps[#cps+1] = p .. ":" .. c end
return {utf8.len(s), #s, utf8.char(72, 233, 8364), utf8.codepoint("é"), {utf8.codepoint("abc", 1, -1)}, utf8.offset(s, 3), cps, utf8.len("\xff") == nil, utf8.charpattern}
