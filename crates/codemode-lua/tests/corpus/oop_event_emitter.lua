-- An event emitter class: handlers in order, once-handlers, errors isolated with pcall.
local Emitter = {}
Emitter.__index = Emitter
function Emitter.new() return setmetatable({ handlers = {} }, Emitter) end
function Emitter:on(ev, fn, once)
  local list = self.handlers[ev] or {}
  self.handlers[ev] = list
  list[#list + 1] = { fn = fn, once = once }
  return self
end
function Emitter:emit(ev, ...)
  local list, keep, errors = self.handlers[ev] or {}, {}, {}
  for _, h in ipairs(list) do
    local ok, e = pcall(h.fn, ...)
    if not ok then errors[#errors + 1] = e end
    if not h.once then keep[#keep + 1] = h end
  end
  self.handlers[ev] = keep
  return #list, errors
end
local log = {}
local em = Emitter.new()
em:on("data", function(x) log[#log + 1] = "a" .. x end)
  :on("data", function(x) log[#log + 1] = "once" .. x end, true)
  :on("data", function(x) if x > 1 then error("too big: " .. x, 0) end end)
local n1, e1 = em:emit("data", 1)
local n2, e2 = em:emit("data", 2)
local n3 = em:emit("none")
return { log = log, n = { n1, n2, n3 }, e1 = #e1, e2 = e2 }
