local samples = {"plain", "with \"quotes\"", "tab\there", "nl\nline", "\\back"}
local out = {}
for i, s in ipairs(samples) do out[i] = string.format("%q", s) end
return out
