local raw = {"  Alice,30 ", "", "#comment", "Bob,x", "Carol,41", "Dan,", "  eve , 25"}
local clean = {}
for _, line in ipairs(raw) do
  line = line:match("^%s*(.-)%s*$")
  if line == "" or line:sub(1, 1) == "#" then goto continue end
  do
    local name, age = line:match("^(%w+)%s*,%s*(%d+)$")
    if not name then goto continue end
    clean[#clean + 1] = name:sub(1, 1):upper() .. name:sub(2):lower() .. "(" .. age .. ")"
  end
  ::continue::
end
return clean
