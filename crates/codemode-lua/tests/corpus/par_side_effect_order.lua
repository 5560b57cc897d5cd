local log = {}
parallel({
  function() log[#log + 1] = "a1" log[#log + 1] = "a2" end,
  function() log[#log + 1] = "b1" end,
  function() print("task c") log[#log + 1] = "c1" end,
})
return log
