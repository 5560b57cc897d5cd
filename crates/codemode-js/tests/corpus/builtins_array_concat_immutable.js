const a = [1]; const b = a.concat([2]); return [a, b, a === b];
