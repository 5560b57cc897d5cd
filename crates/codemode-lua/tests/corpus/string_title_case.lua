local s = "hello big wide world"
local t = s:gsub("(%a)(%a*)", function(a, b) return a:upper() .. b end)
local camel = ("snake_case_name"):gsub("_(%a)", string.upper)
return {t, camel}
