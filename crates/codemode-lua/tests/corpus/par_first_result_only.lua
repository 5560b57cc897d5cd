local r = parallel({
  function() return 1, 2, 3 end,
  function() end,
  function() return nil, "x" end,
  function() return "last" end,
})
return {r[1], r[2] == nil, r[3] == nil, r[4], select("#", table.unpack(r, 1, 4))}
