local out = {}
for _, a in ipairs({7, -7}) do for _, b in ipairs({2, -2}) do out[#out + 1] = (a // b) .. "/" .. (a % b) end end
for _, a in ipairs({7.5, -7.5}) do for _, b in ipairs({2, -2}) do out[#out + 1] = (a // b) .. "/" .. (a % b) end end
return out
