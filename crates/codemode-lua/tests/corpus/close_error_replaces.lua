local log = {}
local ok, e = pcall(function()
  local a <close> = setmetatable({}, {__close = function(_, err) log[#log + 1] = "a saw " .. tostring(err) end})
  local b <close> = setmetatable({}, {__close = function(_, err) log[#log + 1] = "b saw " .. tostring(err); error("from b", 0) end})
  error("first", 0)
end)
log[#log + 1] = tostring(ok) .. " " .. tostring(e)
local ok2, e2 = pcall(function()
  local c <close> = setmetatable({}, {__close = function() error("close on normal exit", 0) end})
  return "never seen"
end)
log[#log + 1] = tostring(ok2) .. " " .. tostring(e2)
return log
