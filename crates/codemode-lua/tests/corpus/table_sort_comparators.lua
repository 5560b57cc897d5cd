-- table.sort with comparators on records, stability not assumed, errors from bad comparators.
local people = { { n = "cy", a = 30 }, { n = "ann", a = 25 }, { n = "bob", a = 30 }, { n = "di", a = 19 } }
table.sort(people, function(x, y) if x.a ~= y.a then return x.a > y.a end return x.n < y.n end)
local names = {}
for i, p in ipairs(people) do names[i] = p.n end
local nums = { 5, 2, 8, 1, 9, 3 }
table.sort(nums, function(a, b) return a > b end)
local ok, e = pcall(table.sort, { 1, "x", 2 })
local ok2, e2 = pcall(table.sort, { 3, 2, 1 }, function(a, b) error("cmp failed", 0) end)
local words = { "banana", "Apple", "cherry", "apple" }
table.sort(words)
return { names = names, nums = nums, e = e, e2 = e2, words = words }
