const tag = Symbol("tag");
const base = { a: 1, [tag]: "base" };
const child = Object.create(base);
child.b = 2;
child[Symbol("c")] = 3;
const seen = [];
for (const k in child) seen.push(k);
return { seen, keys: Object.keys(child), json: JSON.stringify(child), entries: Object.entries(child) };
