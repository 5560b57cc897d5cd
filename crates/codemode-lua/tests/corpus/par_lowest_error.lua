local ran = {}
local ok, err = pcall(parallel, {
  function() ran[#ran + 1] = 1 return 1 end,
  function() ran[#ran + 1] = 2 error("second failed", 0) end,
  function() ran[#ran + 1] = 3 error("third failed", 0) end,
  function() ran[#ran + 1] = 4 return 4 end,
})
return {ok, err, ran}
