-- Functions made by a named chunk keep its name wherever they run; error levels point
-- at the right chunk.
local lib = assert(load([[
local M = {}
function M.check(v)
  if type(v) ~= "number" then
    error("expected a number, got " .. type(v), 2)
  end
  return v * 2
end
function M.fail()
  error("inside the library")
end
function M.index(t) return t.missing.field end
function M.assertion(v) assert(v, "assertion in lib") return v end
return M
]], "@lib/validate.lua"))()

local out = {}
local function try(f, ...)
  local ok, e = pcall(f, ...)
  out[#out + 1] = ok and ("ok " .. tostring(e)) or e
end
try(lib.check, 21)
try(function() return lib.check("x") end)
try(lib.fail)
try(lib.index, {})
try(lib.assertion, false)
try(lib.assertion, 7)
-- A named chunk calling back into the program: each error is where it happens.
local run = assert(load("local f = ... return f()", "=runner"))
try(run, function() error("from the program") end)
try(run, function() local t = nil return t[1] end)
return out
