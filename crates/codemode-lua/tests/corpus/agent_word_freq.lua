local text = "the cat and the hat and the bat sat on the mat"
local freq = {}
for w in text:gmatch("%a+") do freq[w] = (freq[w] or 0) + 1 end
local words = {}
for w, c in pairs(freq) do words[#words + 1] = {w = w, c = c} end
table.sort(words, function(a, b) if a.c ~= b.c then return a.c > b.c end return a.w < b.w end)
local out = {}
for i = 1, 4 do out[i] = words[i].w .. ":" .. words[i].c end
return out
