const s = new Set([1, 2]);
const seen = [];
for (const v of s) { seen.push(v); if (v < 4) s.add(v + 2); }
const m = new Map([["a", 1]]);
const keys = [];
for (const [k] of m) { keys.push(k); if (k === "a") { m.delete("a"); m.set("b", 2); } }
return { seen, keys };
