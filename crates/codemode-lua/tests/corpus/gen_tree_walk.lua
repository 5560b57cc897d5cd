-- A recursive tree walk as a generator (yields from nested calls inside the coroutine).
local tree = { v = 1, kids = { { v = 2, kids = { { v = 4 }, { v = 5 } } }, { v = 3, kids = { { v = 6 } } } } }
local function walk(node, depth)
  coroutine.yield(node.v, depth)
  for _, k in ipairs(node.kids or {}) do walk(k, depth + 1) end
end
local out = {}
for v, d in coroutine.wrap(function() walk(tree, 0) end) do out[#out + 1] = string.rep("  ", d) .. v end
return out
