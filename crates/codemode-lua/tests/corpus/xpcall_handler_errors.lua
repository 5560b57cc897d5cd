-- an error inside the message handler: xpcall returns false, "error in error handling"
local r = {}
local ok, e = xpcall(error, function(m) error("again") end, "boom")
r[#r + 1] = tostring(ok) .. " " .. tostring(e)
ok, e = xpcall(error, function(m) local t = nil; return t.x end, "boom")
r[#r + 1] = tostring(ok) .. " " .. tostring(e)
r[#r + 1] = select("#", xpcall(error, function() error("x") end, "y"))
-- a runaway handler ends the same way
local function runaway(m) return runaway(m) .. "" end
ok, e = xpcall(error, runaway, "boom")
r[#r + 1] = tostring(ok) .. " " .. tostring(e)
-- an outer pcall is not reached
local ok2, a, b = pcall(function()
  return xpcall(function() error("inner") end, function() error("handler") end)
end)
r[#r + 1] = tostring(ok2) .. " " .. tostring(a) .. " " .. tostring(b)
-- a handler that works still sees the message
ok, e = xpcall(function() error("m", 0) end, function(m) return "h:" .. m end)
r[#r + 1] = e
return r
