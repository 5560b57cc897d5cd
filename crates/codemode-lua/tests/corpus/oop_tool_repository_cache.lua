-- A repository class over a "tool" (a plain function here) with a cache and stats.
local calls = 0
local function fetch_user(input) calls = calls + 1 return { id = input.id, name = "user" .. input.id } end

local Repo = {}
Repo.__index = Repo
function Repo.new(fetch) return setmetatable({ fetch = fetch, cache = {}, hits = 0 }, Repo) end
function Repo:get(id)
  local v = self.cache[id]
  if v then self.hits = self.hits + 1 return v end
  v = self.fetch({ id = id })
  self.cache[id] = v
  return v
end
function Repo:stats() return { hits = self.hits, size = #self:keys() } end
function Repo:keys()
  local ks = {}
  for k in pairs(self.cache) do ks[#ks + 1] = k end
  table.sort(ks)
  return ks
end
local r = Repo.new(fetch_user)
for _, id in ipairs({ 3, 1, 3, 2, 1, 3 }) do r:get(id) end
return { stats = r:stats(), calls = calls, keys = r:keys(), name = r:get(2).name }
