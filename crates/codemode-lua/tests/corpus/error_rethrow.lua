local ok, e = pcall(function()
  local ok2, e2 = pcall(error, {tag = "inner"})
  e2.tag = e2.tag .. "+outer"
  error(e2)
end)
return e.tag
