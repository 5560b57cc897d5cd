local csv = "name,qty,price\nwidget,3,2.50\ngadget,10,0.99\ndoohickey,1,15"
local lines = {}
for line in csv:gmatch("[^\n]+") do lines[#lines + 1] = line end
local header = {}
for h in lines[1]:gmatch("[^,]+") do header[#header + 1] = h end
local rows = {}
local total = 0
for i = 2, #lines do
  local row, j = {}, 1
  for cell in lines[i]:gmatch("[^,]+") do row[header[j]] = tonumber(cell) or cell j = j + 1 end
  total = total + row.qty * row.price
  rows[#rows + 1] = row
end
return {rows = rows, total = string.format("%.2f", total)}
