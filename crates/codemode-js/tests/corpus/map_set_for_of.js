// for...of over Maps, Sets and their iterators, with mutation during the loop.
const m = new Map([["a", 1], ["b", 2], ["c", 3]]);
const out = [];
for (const [k, v] of m) {
  out.push(k + v);
  if (k === "a") { m.delete("b"); m.set("d", 4); }
}
const s = new Set([1, 2, 3]);
for (const v of s) { if (v < 5) s.add(v + 2); out.push(v); }
for (const k of m.keys()) out.push(k);
for (const v of new Set("abca").values()) out.push(v);
for (const [k, v] of new Map([[1, "x"]]).entries()) out.push(k, v);
let n = 0;
for (const _ of new Map()) n++;
const totals = new Map();
for (const { cat, amt } of [{ cat: "a", amt: 2 }, { cat: "b", amt: 3 }, { cat: "a", amt: 5 }])
  totals.set(cat, (totals.get(cat) ?? 0) + amt);
const lines = [];
for (const [cat, amt] of totals) lines.push(`${cat}=${amt}`);
return [out, n, lines.join(";")];
