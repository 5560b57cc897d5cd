local out = {}
for _, p in ipairs({"[a", "(%a", "%", "a)", "%b", "%f"}) do
  local ok, m = pcall(string.find, "abc", p)
  out[#out+1] = tostring(ok) .. ":" .. tostring(m)
end
return out
