local rows = {
  {name = "a", score = 3}, {name = "b", score = 1}, {name = "c", score = 3}, {name = "d", score = 2},
  {name = "e", score = 5}, {name = "f", score = 0},
}
table.sort(rows, function(x, y) if x.score ~= y.score then return x.score > y.score end return x.name < y.name end)
local out = {}
for i, r in ipairs(rows) do out[i] = r.name end
return out
