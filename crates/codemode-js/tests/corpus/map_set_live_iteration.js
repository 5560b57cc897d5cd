// Iteration sees entries added while it runs and skips deleted ones; clear ends it.
const m = new Map([[1, "a"], [2, "b"], [3, "c"]]);
const seen = [];
m.forEach((v, k, map) => {
  seen.push(k);
  if (k === 1) { map.delete(2); map.set(4, "d"); }
  if (k === 3) map.set(5, "e");
  if (k === 4) map.clear();
});
const s = new Set([1, 2, 3]);
const order = [];
for (const v of [...s]) { order.push(v); }
s.forEach((v) => { if (v < 6) s.add(v + 3); });
const it = new Map([[1, 1]]).entries();
const big = new Map();
for (let i = 0; i < 1000; i++) big.set("k" + i, i);
const bigIt = big.keys();
bigIt.next();
for (let i = 0; i < 995; i++) big.delete("k" + i);
return [seen, m.size, order, [...s], it.next(), it.next(), it.next(), big.size, [...bigIt], big.get("k999")];
