-- goto continue in a dedupe and normalize pass over tool-like records
local records = {
  {email = " Ann@Example.com ", name = "Ann"},
  {email = "bob@example.com", name = ""},
  {email = "ann@example.com", name = "Ann B"},
  {email = nil, name = "Nobody"},
  {email = "cy@example.com", name = "Cy"},
}
local seen, out, skipped = {}, {}, 0
for _, r in ipairs(records) do
  if not r.email then skipped = skipped + 1 goto continue end
  do
    local e = r.email:lower():gsub("^%s+", ""):gsub("%s+$", "")
    if seen[e] then skipped = skipped + 1 goto continue end
    seen[e] = true
    if r.name == "" then
      out[#out + 1] = {email = e, name = e:match("^[^@]+")}
      goto continue
    end
    out[#out + 1] = {email = e, name = r.name}
  end
  ::continue::
end
return {out, skipped}
