local parts = {}
for i = 1, 10 do parts[#parts + 1] = ("item%02d"):format(i) end
local joined = table.concat(parts, "|")
local report = {}
report[#report + 1] = "# Report"
report[#report + 1] = ("%d items, %d chars"):format(#parts, #joined)
report[#report + 1] = joined:sub(1, 20) .. "..."
return table.concat(report, "\n")
