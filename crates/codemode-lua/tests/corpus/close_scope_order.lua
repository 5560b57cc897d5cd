local log = {}
local function closer(name)
  return setmetatable({}, {__close = function(o, e) log[#log + 1] = name .. ":" .. tostring(e) end})
end
do
  local a <close> = closer("a")
  local b <close> = closer("b")
  local c <close> = nil
  log[#log + 1] = "body"
end
for i = 1, 3 do
  local x <close> = closer("loop" .. i)
  if i == 2 then break end
end
local function f()
  local y <close> = closer("f")
  return "ret", 2
end
print(f())
local function g(...)
  local z <close> = closer("g")
  return ...
end
print(g(1, 2, 3))
local ok, e = pcall(function()
  local p <close> = closer("p")
  local q <close> = closer("q")
  error("boom")
end)
print(ok, e)
ok, e = pcall(function()
  local r <close> = setmetatable({}, {__close = function() error("in close") end})
  error("original")
end)
print(ok, e)
ok, e = pcall(function() local bad <close> = {} end)
print(ok, e)
ok, e = pcall(function() local bad <close> = 42 end)
print(ok, e)
do
  local i = 0
  ::top::
  do
    local w <close> = closer("goto" .. i)
    i = i + 1
    if i < 3 then goto top end
  end
end
local co = coroutine.wrap(function()
  local k <close> = closer("co")
  coroutine.yield(1)
  return 2
end)
print(co()) print(co())
local function h()
  local t <close> = closer("h")
  return f()
end
print(h())
print(table.concat(log, " "))
