local results = {}
local co = coroutine.wrap(function()
  results[1] = coroutine.isyieldable()
  local t = {2, 1}
  table.sort(t, function(a, b) results[2] = coroutine.isyieldable() return a < b end)
  pcall(function() results[3] = coroutine.isyieldable() end)
  string.gsub("a", "a", function() results[4] = coroutine.isyieldable() end)
end)
co()
results[5] = coroutine.isyieldable()
return results
