local r = parallel({
  function() local ok, e = pcall(error, "caught inside", 0) return e end,
  function() return select(2, pcall(function() return nil + 1 end)) end,
})
return r
