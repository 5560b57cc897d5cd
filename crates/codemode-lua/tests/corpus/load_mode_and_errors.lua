-- load's mode argument, binary chunk refusal, bad arguments.
local out = {}
local function try(...)
  local ok, f, e = pcall(load, ...)
  out[#out + 1] = tostring(ok) .. " " .. tostring(f and "function" or f) .. " " .. tostring(e)
end
try("return 1", "=m", "t")
try("return 1", "=m", "b")
try("\27Lua", "=m", "t")
try("return 1", "=m", "bt")
try(nil)
try({})
try("return 1", "=m", "t", nil)
local f = load("return x", "=m", "t", nil)
out[#out + 1] = tostring(pcall(f))
return out
