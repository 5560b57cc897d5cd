local function f(a, b) return a + b, a * b end
return {pcall(f, 2, 3)}
