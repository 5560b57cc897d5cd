-- coroutine.close of a suspended coroutine runs its pending __close, last first, with a
-- nil error; an error in one is passed to the next and close returns false and it.
local function mk(name, fail)
  return setmetatable({}, { __close = function(_, e)
    print("close", name, e)
    if fail then error(fail, 0) end
  end })
end
local co = coroutine.create(function()
  local x <close> = mk("x")
  local y <close> = mk("y")
  coroutine.yield(1)
  print("never")
end)
print(coroutine.resume(co))
print(coroutine.close(co))
print(coroutine.status(co), coroutine.close(co))

co = coroutine.create(function()
  local x <close> = mk("x")
  local y <close> = mk("y", "yfail")
  coroutine.yield(1)
end)
print(coroutine.resume(co))
print(coroutine.close(co))
print(coroutine.status(co), coroutine.close(co))

co = coroutine.create(function()
  local x <close> = mk("x", "xfail")
  local y <close> = mk("y", "yfail")
  coroutine.yield(1)
end)
print(coroutine.resume(co))
print(coroutine.close(co))

-- Variables in nested blocks and functions of the coroutine, and nil/false ones skipped.
co = coroutine.create(function()
  local a <close> = mk("a")
  local n <close> = nil
  do
    local b <close> = mk("b")
    local f <close> = false
    local function inner()
      local c <close> = mk("c")
      coroutine.yield("deep")
    end
    inner()
  end
end)
print(coroutine.resume(co))
print(coroutine.close(co))
-- Not started and finished coroutines have nothing to close.
print(coroutine.close(coroutine.create(function() local z <close> = mk("z") end)))
co = coroutine.create(function() local z <close> = mk("z") return 1 end)
print(coroutine.resume(co))
print(coroutine.close(co))
return "done"
