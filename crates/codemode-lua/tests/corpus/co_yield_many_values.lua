local co = coroutine.wrap(function()
  local t = {}
  for i = 1, 100 do t[i] = i end
  local back = table.pack(coroutine.yield(table.unpack(t)))
  return back.n, back[1], back[back.n]
end)
local vals = table.pack(co())
return {vals.n, vals[1], vals[100], co(table.unpack(vals, 1, vals.n))}
