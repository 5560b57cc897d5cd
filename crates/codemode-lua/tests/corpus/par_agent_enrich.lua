-- Enrich records with several "lookups" at once (the lookups are plain functions here).
local users = {{id = 1, name = "ann"}, {id = 2, name = "bob"}, {id = 3, name = "cy"}}
local scores = {[1] = 90, [2] = 75, [3] = 82}
local function lookup_score(id) return scores[id] end
local fns = {}
for i, u in ipairs(users) do
  fns[i] = function() return {name = u.name, score = lookup_score(u.id), grade = lookup_score(u.id) >= 80 and "A" or "B"} end
end
local enriched = parallel(fns)
table.sort(enriched, function(a, b) return a.score > b.score end)
local out = {}
for i, e in ipairs(enriched) do out[i] = e.name .. ":" .. e.grade end
return out
