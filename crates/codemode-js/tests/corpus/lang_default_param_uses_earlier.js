function f(a, b = a * 2, c = () => a + b) { return c(); } return f(3);
