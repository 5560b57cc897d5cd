const ps = [Promise.resolve(1), 2, new Promise((r) => Promise.resolve().then(() => r(3)))];
const out = [];
for await (const v of ps) out.push(v);
for await (const ch of 'hé') out.push(ch);
function* g() { yield Promise.resolve('from sync gen'); yield 'plain'; }
for await (const v of g()) out.push(v);
const m = new Map([['a', 1]]);
for await (const [k, v] of m) out.push(k + v);
let err;
try { for await (const v of 5) {} } catch (e) { err = e.constructor.name; }
return { out, err };
