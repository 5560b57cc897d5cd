-- load's env argument is the loaded chunk's _ENV; without one the chunk's _ENV is the
-- global table; a nil env makes every free name fail.
local out = {}
local sandbox = { value = 41 }
local f = load("value = value + 1; return _ENV", "=chunk", "t", sandbox)
out.same_table = f() == sandbox
out.value = sandbox.value
out.default_env = load("return _ENV")() == _G
out.nil_env = load("return _ENV", "=c", "t", nil)() == nil
out.nil_env_err = select(2, pcall(load("return anything", "=c", "t", nil)))
-- a loaded chunk replacing its own _ENV part way
local g = load([[
  local first = tag
  _ENV = { tag = "second" }
  return first, tag
]], "=swap", "t", { tag = "first" })
out.swap = { g() }
-- functions defined in the chunk share its _ENV
local h = load([[
  function get() return count end
  function bump() count = count + 1 end
  return get, bump
]], "=shared", "t", { count = 0 })
local get, bump = h()
bump() bump()
out.shared = get()
-- a plugin sandbox: reads through to a read-only API, writes stay in the sandbox
local api = { greet = function(n) return "hello " .. n end }
local plugin_env = setmetatable({}, { __index = api })
local plugin = load("result = greet(name or 'world') return result", "=plugin", "t", plugin_env)
out.plugin = plugin()
out.plugin_result = rawget(plugin_env, "result")
out.api_untouched = api.result == nil
out.nil_env_named = select(2, pcall(load("local x = _ENV return y", "=n", "t", nil)))
out.nil_env_nested = select(2, pcall(load("return (function() return _ENV.z end)()", "=n2", "t", nil)))
out.err = select(2, pcall(load("return nothere()", "=p", "t", {})))
return out
