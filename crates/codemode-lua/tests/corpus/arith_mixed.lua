local a, b = 3, 2.0
return {a + b, a * b, a / b, a // b, a % b, math.type(a + b), math.type(a // 1), math.type(2^2)}
