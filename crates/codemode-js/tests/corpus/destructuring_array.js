const [a, , b = 5, ...rest] = [1, 2, undefined, 4, 5]; let x, y; [x, y] = [y, x] = [1, 2]; return [a, b, rest, x, y];
