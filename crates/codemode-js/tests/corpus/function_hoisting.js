return g(2); function g(n) { return n * 10; }
