const a = [1, 2, 3, 4, 5]; const r1 = a.splice(-2); const b = [1, 2, 3]; const r2 = b.splice(1, 0, 'x'); const c = [1, 2, 3]; const r3 = c.splice(0, 10); return [a, r1, b, r2, c, r3];
