-- Messages of the coroutine library's misuse.
local out = {}
local function e(f, ...) local ok, m = pcall(f, ...) out[#out + 1] = tostring(ok) .. " " .. tostring(m) end
e(coroutine.resume, 1)
e(coroutine.status, "x")
e(coroutine.wrap, 1)
e(coroutine.create, {})
e(coroutine.yield, 1)
local co = coroutine.create(function() end)
coroutine.resume(co)
out[#out + 1] = table.concat({ tostring(coroutine.resume(co)) }, ",")
out[#out + 1] = select(2, coroutine.resume(co))
local w = coroutine.wrap(function() end)
w()
e(w)
return out
