const a = [1, , , 4, , 6];
const seen = [];
for (const k in a) seen.push(k);
const of = [];
for (const v of a) of.push(v === undefined ? "u" : v);
return { seen, of };
