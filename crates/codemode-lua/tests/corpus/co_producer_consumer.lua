local function producer(items)
  return coroutine.create(function()
    for _, item in ipairs(items) do coroutine.yield(item) end
    return nil
  end)
end
local function filter(src, pred)
  return coroutine.create(function()
    while true do
      local ok, v = coroutine.resume(src)
      if not v then return nil end
      if pred(v) then coroutine.yield(v) end
    end
  end)
end
local function consume(src)
  local out = {}
  while true do
    local ok, v = coroutine.resume(src)
    if not v then break end
    out[#out + 1] = v
  end
  return out
end
local p = producer({5, 12, 7, 20, 3, 18, 11})
return consume(filter(p, function(x) return x > 6 end))
