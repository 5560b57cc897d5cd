local scores = {alice = 91, bob = 78, carol = 95, dave = 62, erin = 88, frank = 95}
local list = {}
for name, s in pairs(scores) do list[#list + 1] = {name = name, score = s} end
table.sort(list, function(a, b) if a.score == b.score then return a.name < b.name end return a.score > b.score end)
local top = {}
for i = 1, 3 do top[i] = list[i].name .. "=" .. list[i].score end
return top
