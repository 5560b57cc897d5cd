local s = "Hello"
local shifted = {}
for i = 1, #s do shifted[i] = string.char((s:byte(i) - 65 + 1) % 58 + 65) end
local sum = 0
for _, b in ipairs({s:byte(1, -1)}) do sum = sum + b end
return {table.concat(shifted), sum}
