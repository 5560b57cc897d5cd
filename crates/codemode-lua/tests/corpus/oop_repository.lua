local Repo = {}
Repo.__index = Repo
function Repo.new(name) return setmetatable({name = name, items = {}, nextId = 1}, Repo) end
function Repo:add(item) item.id = self.nextId; self.nextId = self.nextId + 1; self.items[#self.items + 1] = item; return item.id end
function Repo:find(pred) for _, it in ipairs(self.items) do if pred(it) then return it end end end
function Repo:where(field, value)
  local out = {}
  for _, it in ipairs(self.items) do if it[field] == value then out[#out + 1] = it end end
  return out
end
local CachedRepo = setmetatable({}, {__index = Repo})
CachedRepo.__index = CachedRepo
function CachedRepo.new(name) local r = Repo.new(name); r.cache = {}; r.hits = 0; return setmetatable(r, CachedRepo) end
function CachedRepo:where(field, value)
  local key = field .. "=" .. tostring(value)
  if self.cache[key] then self.hits = self.hits + 1; return self.cache[key] end
  local r = Repo.where(self, field, value)
  self.cache[key] = r
  return r
end
local r = CachedRepo.new("orders")
r:add({status = "open", total = 10})
r:add({status = "closed", total = 20})
r:add({status = "open", total = 5})
local open1 = r:where("status", "open")
local open2 = r:where("status", "open")
return {#open1, open1 == open2, r.hits, r:find(function(x) return x.total > 15 end).id, getmetatable(r) == CachedRepo}
