local log = {}
local co = coroutine.create(function()
  local r <close> = setmetatable({}, {__close = function(_, e) log[#log + 1] = "closed with " .. tostring(e) end})
  coroutine.yield("y")
  error("boom", 0)
end)
log[#log + 1] = select(2, coroutine.resume(co))
log[#log + 1] = select(2, coroutine.resume(co))
return log
