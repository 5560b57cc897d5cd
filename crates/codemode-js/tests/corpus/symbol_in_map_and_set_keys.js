const ids = new Map();
const mk = (n) => { const s = Symbol(n); ids.set(s, n.length); return s; };
const a = mk("alpha"), b = mk("beta");
const seen = new Set([a, b, a]);
return { size: ids.size, a: ids.get(a), keys: [...ids.keys()].map(String), seen: seen.size, del: ids.delete(b), after: ids.size };
