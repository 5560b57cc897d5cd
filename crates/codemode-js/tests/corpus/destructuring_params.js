const f = ({x, y = 2}, [p, q] = [7, 8]) => x + y + p + q; return [f({x: 1}), f({x: 1, y: 1}, [0, 0])];
