function f(...args) { return args.length; } return f(1, 2, 3);
