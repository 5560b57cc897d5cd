const a = [1, 2, 3, 4]; a.length = 2; const b = []; b[2] = 'x'; return [a, b.length, b[0] === undefined];
