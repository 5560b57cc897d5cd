const a = [1, 2, 3], b = ['x', 'y', 'z']; return a.map((v, i) => [v, b[i]]);
