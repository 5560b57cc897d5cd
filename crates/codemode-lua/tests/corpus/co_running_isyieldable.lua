-- coroutine.running and isyieldable in the main program and inside coroutines.
local out = {}
local main, ismain = coroutine.running()
out[#out + 1] = type(main) .. " " .. tostring(ismain) .. " " .. tostring(coroutine.isyieldable())
local co = coroutine.create(function()
  local me, im = coroutine.running()
  out[#out + 1] = tostring(me == co) .. " " .. tostring(im) .. " " .. tostring(coroutine.isyieldable())
  out[#out + 1] = coroutine.status(co)
  local inner = coroutine.wrap(function() out[#out + 1] = coroutine.status(co) end)
  inner()
end)
coroutine.resume(co)
out[#out + 1] = coroutine.status(co)
return out
