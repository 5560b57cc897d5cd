local function chars(s)
  local i = 0
  return function()
    i = i + 1
    if i <= #s then return i, s:sub(i, i) end
  end
end
local out = {}
for i, c in chars("abc") do out[#out + 1] = c .. i end
return table.concat(out)
