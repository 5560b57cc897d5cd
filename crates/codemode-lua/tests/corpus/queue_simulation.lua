local q = {first = 1, last = 0, items = {}}
local function push(v) q.last = q.last + 1 q.items[q.last] = v end
local function pop() local v = q.items[q.first] q.items[q.first] = nil q.first = q.first + 1 return v end
for i = 1, 5 do push(i * i) end
local a, b = pop(), pop()
push(100)
local rest = {}
while q.first <= q.last do rest[#rest + 1] = pop() end
return {a, b, rest}
