const a = Symbol("a"), b = Symbol("a");
const m = new Map([[a, 1], [b, 2], ["Symbol(a)", 3]]);
const set = new Set([a, a, b]);
return { size: m.size, getA: m.get(a), getB: m.get(b), str: m.get("Symbol(a)"), setSize: set.size, hasA: set.has(a) };
