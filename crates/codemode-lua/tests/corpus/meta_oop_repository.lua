-- an OOP repository over a (simulated) tool: caching, lazy loading through __index
local fake_db = {users = {{id = 1, name = "ann"}, {id = 2, name = "bob"}}, orders = {{user = 1, total = 30}, {user = 1, total = 12}, {user = 2, total = 5}}}
local function tool_query(kind) return fake_db[kind] end
local Repo = {}
Repo.__index = function(self, k)
  local method = Repo[k]
  if method then return method end
  local rows = tool_query(k)
  rawset(self, k, rows)
  self.loads = self.loads + 1
  return rows
end
function Repo.new() return setmetatable({loads = 0}, Repo) end
function Repo:user_totals()
  local totals = {}
  for _, u in ipairs(self.users) do totals[u.name] = 0 end
  for _, o in ipairs(self.orders) do
    for _, u in ipairs(self.users) do
      if u.id == o.user then totals[u.name] = totals[u.name] + o.total end
    end
  end
  return totals
end
local repo = Repo.new()
local totals = repo:user_totals()
return {totals, repo.loads}
