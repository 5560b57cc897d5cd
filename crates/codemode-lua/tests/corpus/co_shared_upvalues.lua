local total = 0
local function make()
  local count = 0
  local co = coroutine.wrap(function()
    local inner = 100
    local function bump(n) count = count + n; inner = inner + n; total = total + n; return inner end
    coroutine.yield(bump)
    coroutine.yield(inner)
    inner = inner * 2
    coroutine.yield(inner)
    return count
  end)
  return co
end
local co = make()
local bump = co()
print(bump(1), bump(2))
print(co())
print(bump(3))
print(co())
print(bump(4))
print(co(), total)
return bump(5)
