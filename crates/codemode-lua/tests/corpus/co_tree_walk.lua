local tree = {v = 5, l = {v = 3, l = {v = 1}, r = {v = 4}}, r = {v = 8, l = {v = 7}, r = {v = 9, r = {v = 10}}}}
local function walk(node)
  if not node then return end
  walk(node.l)
  coroutine.yield(node.v)
  walk(node.r)
end
local out = {}
for v in coroutine.wrap(function() walk(tree) end) do out[#out + 1] = v end
return out
