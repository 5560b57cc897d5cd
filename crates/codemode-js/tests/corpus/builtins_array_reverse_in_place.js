const a = [1, 2, 3]; const b = a.reverse(); return [a === b, a];
