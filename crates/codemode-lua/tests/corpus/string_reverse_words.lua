local s = "one two three four"
local words = {}
for w in s:gmatch("%S+") do table.insert(words, 1, w) end
return table.concat(words, " ")
