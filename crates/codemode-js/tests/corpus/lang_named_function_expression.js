const f = function fact(n) { return n <= 1 ? 1 : n * fact(n - 1); }; return [f(5), typeof fact];
