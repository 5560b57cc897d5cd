local fns = {}
local co = coroutine.wrap(function()
  for i = 1, 3 do
    fns[i] = function() return i end
    coroutine.yield()
  end
end)
co() co() co()
return {fns[1](), fns[2](), fns[3]()}
