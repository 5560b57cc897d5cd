-- a handler that resumes a coroutine which overflows its frames is called again for that
local n = 0
local function r() return 1 + r() end
local function h(m)
  n = n + 1
  if n < 3 then coroutine.wrap(r)() end
  return "handled " .. n
end
local ok, e = xpcall(error, h, "x")
return { ok, e, n }
