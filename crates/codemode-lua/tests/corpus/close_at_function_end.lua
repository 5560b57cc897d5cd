-- a <close> variable in a function's outermost block is closed when the body ends
-- without a return statement (and at the end of the main chunk)
local log = {}
local function add(v) log[#log + 1] = v end
local function mk(name)
  return setmetatable({}, { __close = function(_, e) log[#log + 1] = name .. ":" .. tostring(e) end })
end
local function a()
  local x <close> = mk("a")
end
a()
local function b(flag)
  local x <close> = mk("b1")
  if flag then return "early" end
  local y <close> = mk("b2")
end
add(tostring(b(true)))
add(select("#", b(false)))
local function c(...)
  local x <close> = mk("c")
  log[#log + 1] = "c body " .. select("#", ...)
end
c(1, 2, 3)
-- the error from a __close at the end of the body reaches the caller
local function d()
  local x <close> = setmetatable({}, { __close = function() error("in close", 0) end })
end
add(table.concat({ tostring(pcall(d)) }, " "))
local ok, e = pcall(d)
log[#log + 1] = tostring(ok) .. " " .. e
-- a __close that calls its own function again recurses until the C stack is full
local depth = 0
local pcall, setmetatable = pcall, setmetatable
local function closer()
  depth = depth + 1
  local x <close> = setmetatable({}, { __close = closer })
end
local ok2, e2 = pcall(closer)
log[#log + 1] = tostring(ok2) .. " " .. e2 .. " " .. depth
local top <close> = mk("main")
log[#log + 1] = "end of main"
return log
