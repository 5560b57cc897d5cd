local s = "key=value; other=thing"
local a, b, k, v = s:find("(%w+)=(%w+)")
local c, d = s:find("%s")
return {a, b, k, v, c, d, s:find("^key"), s:find("^value") == nil, s:find("g$")}
