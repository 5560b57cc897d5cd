local s = "Ab1 _-.\t\n"
local out = {}
for _, c in ipairs({"%a", "%d", "%l", "%u", "%s", "%w", "%p", "%c", "%x", "[%a_]", "[^%s]", "[a-c]"}) do
  local n = select(2, s:gsub(c, ""))
  out[#out+1] = n
end
return out
