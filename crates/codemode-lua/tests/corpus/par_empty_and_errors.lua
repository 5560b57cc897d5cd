local r = parallel({})
print(#r)
print(pcall(parallel))
print(pcall(parallel, "x"))
print(pcall(parallel, {function() local t = nil; return t.x end}))
print(select(2, pcall(parallel, {function() error({code = 1}) end})).code)
return true
