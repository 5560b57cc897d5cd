let x = 1; function f(a = x) { return a; } x = 2; return f();
