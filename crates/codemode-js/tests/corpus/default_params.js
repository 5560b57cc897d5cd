function f(a, b = a + 1, c = b * 2) { return [a, b, c]; } return [f(1), f(1, 5), f(1, undefined, 0)];
