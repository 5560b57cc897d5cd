-- Objects that release a "connection" when their scope ends (__close), in reverse order.
local log = {}
local Conn = {}
Conn.__index = Conn
Conn.__close = function(c, err) log[#log + 1] = "close " .. c.name .. (err and (" after " .. tostring(err)) or "") end
local function open(name) log[#log + 1] = "open " .. name return setmetatable({ name = name }, Conn) end
function Conn:query(q) return self.name .. ":" .. q end
local function work(fail)
  local a <close> = open("a")
  local b <close> = open("b")
  local r = a:query("x") .. "," .. b:query("y")
  if fail then error("boom", 0) end
  return r
end
local r1 = work(false)
local ok, e = pcall(work, true)
return { r1 = r1, ok = ok, e = e, log = log }
