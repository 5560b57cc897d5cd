function f(first, ...[second, third]) { return [first, second, third]; } return f(1, 2, 3, 4);
