class Point { constructor(x, y) { this.x = x; this.y = y; } }
class Point3 extends Point { constructor(...c) { super(...c); this.z = c[2]; } }
const coords = { [Symbol.iterator]() { let i = 0; return { next: () => (i < 3 ? { value: ++i, done: false } : { done: true }) }; } };
const p = new Point(...coords);
const q = new Point3(...coords);
return { p, q, d: new Date(...[2020, 0, 2]).getUTCDate() };
