const o = { b: 1, get a() { return 2; }, 2: 'two', set c(v) {}, 1: 'one' };
const seen = [];
for (const k in o) seen.push(k);
const child = Object.create(o);
child.own = true;
const all = [];
for (const k in child) all.push(k);
return [seen, Object.keys(o), all, Object.getOwnPropertyNames(o), Object.entries(o)];
