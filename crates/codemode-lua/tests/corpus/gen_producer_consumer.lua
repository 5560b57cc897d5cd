-- Producer/consumer with coroutines: a consumer pulls lines, a filter transforms them.
local lines = { "alpha", "", "beta", "# comment", "gamma", "" }
local function producer()
  return coroutine.create(function()
    for _, l in ipairs(lines) do coroutine.yield(l) end
  end)
end
local function receive(p)
  local ok, v = coroutine.resume(p)
  return ok and v or nil
end
local function filter(p)
  return coroutine.create(function()
    local n = 0
    while true do
      local l = receive(p)
      if l == nil then return end
      if l ~= "" and l:sub(1, 1) ~= "#" then
        n = n + 1
        coroutine.yield(string.format("%02d %s", n, l:upper()))
      end
    end
  end)
end
local out = {}
local f = filter(producer())
while true do
  local l = receive(f)
  if not l then break end
  out[#out + 1] = l
end
return out
