local tasks, log = {}, {}
local function spawn(name, n)
  tasks[#tasks + 1] = coroutine.create(function()
    for i = 1, n do log[#log + 1] = name .. i; coroutine.yield() end
  end)
end
spawn("a", 3) spawn("b", 1) spawn("c", 2)
while #tasks > 0 do
  for i = #tasks, 1, -1 do
    local co = tasks[i]
    coroutine.resume(co)
    if coroutine.status(co) == "dead" then table.remove(tasks, i) end
  end
end
return log
