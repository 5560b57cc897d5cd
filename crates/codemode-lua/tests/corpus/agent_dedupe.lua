local emails = {"a@x.com", "B@x.com", "a@x.com", "c@y.org", "b@x.com", "C@Y.org"}
local seen, out = {}, {}
for _, e in ipairs(emails) do
  local k = e:lower()
  if not seen[k] then seen[k] = true out[#out + 1] = k end
end
return out
