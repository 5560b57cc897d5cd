-- Errors inside __close: the last one wins and the others see it.
local seen = {}
local function closer(name, fail)
  return setmetatable({}, { __close = function(_, err)
    seen[#seen + 1] = name .. " sees " .. tostring(err)
    if fail then error(name .. " failed", 0) end
  end })
end
local function f()
  local a <close> = closer("a", false)
  local b <close> = closer("b", true)
  local c <close> = closer("c", true)
  error("body failed", 0)
end
local ok, e = pcall(f)
local function g()
  local a <close> = closer("a2", true)
  return "value"
end
local ok2, e2 = pcall(g)
return { ok = ok, e = e, ok2 = ok2, e2 = e2, seen = seen }
