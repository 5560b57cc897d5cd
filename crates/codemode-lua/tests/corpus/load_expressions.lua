-- load of text chunks: expressions, statements, varargs, shared globals
local f = load("return 1 + 2 * 3")
local g = load("local a, b = ... return a * b, a + b")
counter = 10
local h = load("counter = counter + 1 return counter")
local x, y = g(6, 7)
local r = {f(), x, y, h(), h(), counter}
local nested = load("return function(n) return n * 2 end")()
r[#r + 1] = nested(21)
local loader = load("return load('return 99')")()
r[#r + 1] = loader()
return r
