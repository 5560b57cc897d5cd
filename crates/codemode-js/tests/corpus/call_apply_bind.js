function f(a, b) { return this.x + a + b; } const o = {x: 1}; const b = f.bind(o, 10); return [f.call(o, 2, 3), f.apply(o, [4, 5]), b(20), Math.max.apply(null, [1, 9, 3])];
