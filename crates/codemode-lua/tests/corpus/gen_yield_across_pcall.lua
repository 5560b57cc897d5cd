-- Yields cross pcall and metamethods inside a coroutine; errors stay caught inside.
local co = coroutine.wrap(function()
  local ok, v = pcall(function()
    local a = coroutine.yield("in pcall")
    if a == "fail" then error("asked to fail", 0) end
    return a
  end)
  coroutine.yield(tostring(ok) .. ":" .. tostring(v))
  local t = setmetatable({}, { __index = function(_, k) return coroutine.yield("index " .. k) end })
  local got = t.color
  coroutine.yield("meta gave " .. tostring(got))
  return "end"
end)
local out = {}
out[#out + 1] = co()
out[#out + 1] = co("fail")
out[#out + 1] = co()
out[#out + 1] = co("blue")
out[#out + 1] = co()
return out
