print(load("return +", "x"))
print(load("local a <const> = 1 a = 2"))
print(load("goto nowhere"))
print(load("for i = 1 do end"))
local f = load("error('from chunk')")
print(pcall(f))
local g = load("return ...")
print(g(1, 2, 3))
return true
