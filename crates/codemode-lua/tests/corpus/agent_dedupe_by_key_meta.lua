-- Deduplicate records by a normalized key, using a set with a __call adder.
local Set = {}
Set.__index = Set
Set.__call = function(s, k) if s.seen[k] then return false end s.seen[k] = true s.n = s.n + 1 return true end
Set.__len = function(s) return s.n end
local function newset() return setmetatable({ seen = {}, n = 0 }, Set) end
local emails = { "A@x.com", "a@X.com ", "b@y.org", " B@Y.ORG", "c@z.net", "a@x.com" }
local seen, kept = newset(), {}
for _, e in ipairs(emails) do
  local k = e:lower():match("^%s*(.-)%s*$")
  if seen(k) then kept[#kept + 1] = k end
end
return { kept = kept, unique = #seen }
