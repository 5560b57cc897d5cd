local limit <const> = 10
local name <const> = "x"
local total = 0
for i = 1, limit do total = total + i end
local ok, e = load("local a <const> = 1; a = 2")
print(ok, e)
local ok2, e2 = load("local b <close> = nil; b = 1")
print(ok2, e2)
local ok3, e3 = load("local c <foo> = 1")
print(ok3, e3)
return {total, name}
