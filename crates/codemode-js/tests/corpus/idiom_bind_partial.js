const add = (a, b) => a + b; function mul(a, b) { return a * b; } const double = mul.bind(null, 2); return [double(21), add.call(null, 1, 2)];
