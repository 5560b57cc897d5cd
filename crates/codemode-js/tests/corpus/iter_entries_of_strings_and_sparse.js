const out = [];
for (const [i, ch] of [..."abc"].entries()) out.push(i + ch);
const sparse = [1, , 3];
const vals = [...sparse.values()];
const keys = [...sparse.keys()];
const ent = [...sparse.entries()];
return { out, vals, keys, ent, strIter: [..."a😀b"[Symbol.iterator]()] };
