function* g() { yield* [1, 2, 3]; yield* 'hé'; const r = yield* []; return r; }
const it = g();
const out = [];
for (let r = it.next(); !r.done; r = it.next()) out.push(r.value);
return out;
