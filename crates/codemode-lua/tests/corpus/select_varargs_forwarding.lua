-- Forwarding varargs with their trailing nils through wrappers.
local function pack2(...) return { n = select("#", ...), ... } end
local function wrap(f) return function(...) return f(...) end end
local function trace(...)
  local parts = {}
  for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
  return table.concat(parts, ",")
end
local w = wrap(trace)
local p = pack2(nil, 2, nil)
return { w(1, nil, nil), w(), w(nil), p.n, trace(table.unpack(p, 1, p.n)),
  select("#", wrap(function() return nil, nil end)()) }
