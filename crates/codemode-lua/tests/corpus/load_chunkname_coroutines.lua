-- Named chunks inside coroutines: wrap adds the caller's position, resume returns the
-- chunk's own message.
local gen = assert(load([[
return function(n)
  for i = 1, n do coroutine.yield(i) end
  error("exhausted after " .. n)
end
]], "=generator"))()
local out = {}
local co = coroutine.create(gen)
for _ = 1, 4 do
  local ok, v = coroutine.resume(co, 2)
  out[#out + 1] = tostring(ok) .. " " .. tostring(v)
end
local w = coroutine.wrap(gen)
out[#out + 1] = w(1)
local ok, e = pcall(w)
out[#out + 1] = e
return out
