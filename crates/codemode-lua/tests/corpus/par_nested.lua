local function fan(n, depth)
  if depth == 0 then return n end
  local fns = {}
  for i = 1, 2 do fns[i] = function() return fan(n * 2 + i, depth - 1) end end
  local r = parallel(fns)
  return r[1] + r[2]
end
return {fan(1, 3), fan(0, 1)}
