local rows = {{"name", "qty"}, {"apples", 3}, {"kiwis", 12}}
local widths = {0, 0}
for _, r in ipairs(rows) do for j, c in ipairs(r) do widths[j] = math.max(widths[j], #tostring(c)) end end
local lines = {}
for i, r in ipairs(rows) do
  local cells = {}
  for j, c in ipairs(r) do cells[j] = tostring(c) .. string.rep(" ", widths[j] - #tostring(c)) end
  lines[#lines + 1] = "| " .. table.concat(cells, " | ") .. " |"
  if i == 1 then lines[#lines + 1] = "|" .. ("-"):rep(widths[1] + 2) .. "|" .. ("-"):rep(widths[2] + 2) .. "|" end
end
return table.concat(lines, "\n")
