function* range(a, b, step = 1) { for (let i = a; i < b; i += step) yield i; }
const out = [];
for (const x of range(0, 5)) out.push(x);
const spread = [...range(10, 13)];
const [first, , third, ...rest] = range(100, 106);
const set = new Set(range(0, 6, 2));
const arr = Array.from(range(1, 4), (x) => x * x);
const max = Math.max(...range(3, 8));
return { out, spread, first, third, rest, set: [...set], arr, max };
