-- Plugins loaded from text with their own env: isolated globals, shared API table.
local api = { log = {} }
function api.emit(s) api.log[#api.log + 1] = s end
local plugins = {
  { name = "upper", src = "count = (count or 0) + 1 return function(s) emit(s:upper()) return count end" },
  { name = "rev", src = "count = 100 return function(s) emit(s:reverse()) return count end" },
}
local loaded = {}
for _, p in ipairs(plugins) do
  local env = setmetatable({ emit = api.emit }, { __index = { string = string } })
  local chunk = assert(load(p.src, "=" .. p.name, "t", env))
  loaded[p.name] = { fn = chunk(), env = env }
end
local r = { loaded.upper.fn("abc"), loaded.rev.fn("abc"), loaded.upper.fn("x") }
return { r = r, log = api.log, g = tostring(count), upcount = loaded.upper.env.count }
