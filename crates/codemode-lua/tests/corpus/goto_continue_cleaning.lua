-- goto continue in data cleaning: skip blank, comment and malformed rows
local rows = {"id,name,qty", "", "# comment", "1,apple,3", "2,,5", "3,pear,x", "4,plum,7", "  "}
local clean = {}
for i, line in ipairs(rows) do
  if i == 1 then goto continue end
  if line:match("^%s*$") or line:sub(1, 1) == "#" then goto continue end
  do
    local id, name, qty = line:match("^(%d+),([^,]*),(.*)$")
    if not id or name == "" then goto continue end
    local n = tonumber(qty)
    if not n then goto continue end
    clean[#clean + 1] = {id = tonumber(id), name = name, qty = n}
  end
  ::continue::
end
return clean
