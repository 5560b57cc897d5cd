local u = table.pack
for i = 1, 3 do u = setmetatable({i}, {__call = u}) end
local r = u("a")
print(r.n, r[1][1], r[2][1], r[3][1], r[4])
local t = setmetatable({}, {__call = setmetatable({}, {__call = function(self, a, b) return type(self), type(a), b end})})
print(t(5))
print(pcall(setmetatable({}, {__call = setmetatable({}, {})})))
print(pcall(setmetatable({}, {__call = 42})))
