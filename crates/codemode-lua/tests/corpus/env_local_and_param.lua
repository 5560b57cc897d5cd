-- _ENV (Lua 5.4 §2.2): every free name is _ENV.name; a local _ENV or a parameter named
-- _ENV changes the environment of the names in its scope.
local out = {}
x = 1
out.global_via_env = _ENV.x
_ENV.y = 2
out.y = y
out.same_as_G = _ENV == _G
do
  local _ENV = { x = "inner", tostring = tostring }
  out.inner_x = x           -- the local table's field
  z = "set in local env"    -- written into the local table
  out.inner_z = _ENV.z
end
out.z_outside = z           -- the global z was never set
local function sandboxed(_ENV)
  w = (w or 0) + 1
  return w, v
end
local box = { v = "from box" }
out.box = { sandboxed(box) }
out.box2 = { sandboxed(box) }
out.box_w = box.w
-- closures capture the _ENV in scope when they are made
local function make(env)
  local _ENV = env
  return function() return greeting end
end
out.greet = make({ greeting = "hi" })()
-- _ENV with a metatable: defaults through __index, writes through __newindex
local log = {}
local function strict_run()
  local _ENV = setmetatable({}, { __index = _G, __newindex = function(t, k, v) log[#log + 1] = k rawset(t, k, v) end })
  counter = 10
  counter = counter + 1
  return counter, type(print)
end
out.strict = { strict_run() }
out.log = log
return out
