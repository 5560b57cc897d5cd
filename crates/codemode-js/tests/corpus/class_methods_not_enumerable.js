class A { m() { return 1; } static s() { return 2; } }
const a = new A();
const seen = [];
for (const k in a) seen.push(k);
return { seen, keys: Object.keys(A.prototype), statics: Object.keys(A), m: a.m(), s: A.s(), json: JSON.stringify(a) };
