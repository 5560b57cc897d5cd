-- Data cleaning with goto continue: skip blanks, comments, bad numbers; count reasons.
local raw = { "id,amount", "1, 20", "", "# note", "2,abc", "3, 7.5", "4,", "5,-3", "6, 1e2" }
local rows, skipped = {}, { blank = 0, comment = 0, bad = 0, header = 0 }
for i, line in ipairs(raw) do
  if i == 1 then skipped.header = skipped.header + 1 goto continue end
  if line:match("^%s*$") then skipped.blank = skipped.blank + 1 goto continue end
  if line:sub(1, 1) == "#" then skipped.comment = skipped.comment + 1 goto continue end
  do
    local id, amount = line:match("^(%d+),%s*(.*)$")
    local n = tonumber(amount)
    if not n then skipped.bad = skipped.bad + 1 goto continue end
    rows[#rows + 1] = { id = math.tointeger(tonumber(id)), amount = n }
  end
  ::continue::
end
local total = 0
for _, r in ipairs(rows) do total = total + r.amount end
return { rows = #rows, total = total, skipped = skipped }
