print("a", 1, nil, true, 2.0)
print()
print(("x"):rep(3))
local t = {}
print(#t, -0.0, 1e100, math.maxinteger)
return 1
