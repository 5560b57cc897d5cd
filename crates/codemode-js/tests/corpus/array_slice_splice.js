const a = [1, 2, 3, 4, 5]; const r = a.splice(1, 2, 'x', 'y', 'z'); return [a, r, a.slice(1, -1), a.slice(-2), [1, 2, 3].splice(1)];
