local Repo = {}
Repo.__index = Repo
function Repo.new(rows) return setmetatable({rows = rows}, Repo) end
function Repo:each(pred)
  return coroutine.wrap(function()
    for _, r in ipairs(self.rows) do if not pred or pred(r) then coroutine.yield(r) end end
  end)
end
function Repo:count(pred) local n = 0 for _ in self:each(pred) do n = n + 1 end return n end
local r = Repo.new({{k = 1}, {k = 2}, {k = 3}, {k = 4}})
local evens = {}
for row in r:each(function(x) return x.k % 2 == 0 end) do evens[#evens + 1] = row.k end
return {evens, r:count(), r:count(function(x) return x.k > 2 end)}
