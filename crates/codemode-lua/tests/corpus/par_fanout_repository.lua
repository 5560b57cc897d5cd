-- An OOP repository whose bulk fetch fans out through parallel.
local store = { [1] = "ann", [2] = "bob", [3] = "cy", [4] = "di" }
local Repo = {}
Repo.__index = Repo
function Repo.new() return setmetatable({ fetched = 0 }, Repo) end
function Repo:fetch(id)
  self.fetched = self.fetched + 1
  local v = store[id]
  if not v then error("no user " .. id, 0) end
  return { id = id, name = v }
end
function Repo:fetch_all(ids)
  local fns = {}
  for i, id in ipairs(ids) do fns[i] = function() return self:fetch(id) end end
  return parallel(fns)
end
local r = Repo.new()
local users = r:fetch_all({ 4, 2, 1 })
local names = {}
for i, u in ipairs(users) do names[i] = u.name end
local ok, e = pcall(r.fetch_all, r, { 1, 9, 2, 8 })
return { names = names, fetched = r.fetched, ok = ok, e = e }
