-- each resume is a C level: nested resumes stop with "C stack overflow"; resumes
-- nest on top of the levels the resumer holds
local pcall, select = pcall, select
local create, resume, wrap, yield, status, close = coroutine.create, coroutine.resume,
  coroutine.wrap, coroutine.yield, coroutine.status, coroutine.close
local r = {}
local d = 0
local function rec()
  d = d + 1
  return wrap(rec)()
end
local ok, e = pcall(rec)
r[#r + 1] = { ok, #e, d, e:sub(-30) }
d = 0
local function rec2()
  d = d + 1
  return resume(create(rec2))
end
r[#r + 1] = { select(-1, rec2()), d }
-- the coroutine that could not start is dead
local last
local function rec3()
  d = d + 1
  last = create(function() return "never" end)
  local ok, v = resume(last)
  if ok then return rec3() end
  return v
end
d = 0
local function rec4()
  d = d + 1
  local co = create(rec4)
  local ok, v = resume(co)
  if not ok then last = co end
  return v
end
rec4()
r[#r + 1] = { status(last), d }
-- resuming yielded coroutines from ever deeper levels
local count = 0
local function body()
  yield()
  local f = wrap(body)
  f()
  count = count + 1
  f()
end
local f = wrap(body)
f()
r[#r + 1] = { pcall(f) }
r[#r + 1] = count
-- deep Lua recursion before each resume is not counted
local function stack(n)
  if n > 0 then return stack(n - 1) + 1 end
  d = d + 1
  wrap(function() stack(300) end)()
end
d = 0
local ok2, e2 = pcall(stack, 300)
r[#r + 1] = { ok2, d, e2:sub(-16) }
return r
