-- a queue class with __len, __index methods and __tostring, used for a BFS
local Queue = {}
Queue.__index = Queue
Queue.__len = function(q) return q.last - q.first + 1 end
Queue.__tostring = function(q)
  local parts = {}
  for i = q.first, q.last do parts[#parts + 1] = tostring(q.items[i]) end
  return "[" .. table.concat(parts, " ") .. "]"
end
function Queue.new() return setmetatable({first = 1, last = 0, items = {}}, Queue) end
function Queue:push(v) self.last = self.last + 1; self.items[self.last] = v end
function Queue:pop() local v = self.items[self.first]; self.items[self.first] = nil; self.first = self.first + 1; return v end
local graph = {a = {"b", "c"}, b = {"d"}, c = {"d", "e"}, d = {"f"}, e = {"f"}, f = {}}
local q, seen, order = Queue.new(), {a = true}, {}
q:push("a")
while #q > 0 do
  local n = q:pop()
  order[#order + 1] = n
  for _, m in ipairs(graph[n]) do
    if not seen[m] then seen[m] = true; q:push(m) end
  end
end
q:push(1) q:push(2)
return {table.concat(order), tostring(q), #q}
