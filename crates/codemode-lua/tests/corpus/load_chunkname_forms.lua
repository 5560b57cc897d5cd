-- Chunk names as messages show them: =name, @file, a plain name, the source by default.
local out = {}
local function try(src, name)
  local f, err = load(src, name)
  if not f then out[#out + 1] = "load: " .. err return end
  local ok, e = pcall(f)
  out[#out + 1] = ok and "ok" or e
end
try("error('x')", "=mychunk")
try("error('x')", "@file.lua")
try("error('x')", "name")
try("error('x')")
try("local a = nil\nreturn a.b", "=cfg")
try("local a = nil\nreturn a.b", "@scripts/cfg.lua")
try("local a = nil\nreturn a.b", "cfg")
try("local a = nil\nreturn a.b")
try("return 1 + {}", "=arith")
try("error('no position', 0)", "=zero")
try("error({code = 1})", "=table")
return out
