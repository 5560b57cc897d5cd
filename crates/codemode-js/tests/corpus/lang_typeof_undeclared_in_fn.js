function f() { return typeof notThere; } return f();
