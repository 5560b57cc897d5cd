const a = [3]; const n = a.unshift(1, 2); return [a, n];
