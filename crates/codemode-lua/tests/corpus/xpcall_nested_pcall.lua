local ok, r = xpcall(function()
  local ok2, r2 = pcall(error, "inner")
  return "inner caught: " .. r2
end, function(e) return "outer: " .. e end)
return {ok, r}
