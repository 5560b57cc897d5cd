-- a resumed coroutine starts one C level above its resumer: the levels it held when it
-- yielded (pcalls still open in it) are not counted again, and every level comes back
local pcall, xpcall, error, setmetatable = pcall, xpcall, error, setmetatable
local yield = coroutine.yield
local function room()
  local d = 0
  local function nest() d = d + 1 return pcall(nest) end
  nest()
  return d
end
local out = { room() }
local co = coroutine.wrap(function()
  local function inner(n)
    if n == 0 then
      for i = 1, 3 do yield(room()) end
      return "done"
    end
    local ok, v = pcall(inner, n - 1)
    return v
  end
  return inner(100)
end)
out[#out + 1] = co()
local function from(n)
  if n == 0 then return co() end
  local ok, v = pcall(from, n - 1)
  return v
end
out[#out + 1] = from(50)
out[#out + 1] = co()
out[#out + 1] = co()
-- errors through many levels, handlers called again, metamethod overflows
for i = 1, 3 do
  pcall(function()
    local function f(n) if n == 0 then error("x") end local ok, e = pcall(f, n - 1) error(e, 0) end
    f(150)
  end)
  xpcall(error, function(m) error(m) end, "z")
  local t = setmetatable({}, { __index = function(t, k) return t[k] end })
  pcall(function() return t.x end)
end
out[#out + 1] = room()
-- a coroutine resumed from deep inside another
local inner = coroutine.wrap(function() while true do yield(room()) end end)
local outer = coroutine.wrap(function()
  local function dive(n) if n == 0 then return inner() end local ok, v = pcall(dive, n - 1) return v end
  while true do yield(dive(30)) end
end)
out[#out + 1] = outer()
out[#out + 1] = inner()
out[#out + 1] = outer()
out[#out + 1] = room()
return out
