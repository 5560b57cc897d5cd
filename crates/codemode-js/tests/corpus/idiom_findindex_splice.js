const xs = ['a', 'b', 'c']; const i = xs.findIndex(x => x === 'b'); if (i >= 0) xs.splice(i, 1); return xs;
