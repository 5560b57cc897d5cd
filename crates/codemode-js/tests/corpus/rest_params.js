function f(a, ...rest) { return [a, rest, rest.length]; } return [f(1), f(1, 2, 3)];
