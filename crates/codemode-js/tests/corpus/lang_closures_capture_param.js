function make(x) { return () => x++; } const f = make(5); f(); return f();
