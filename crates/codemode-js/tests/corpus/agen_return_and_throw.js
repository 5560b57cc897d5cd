const log = [];
async function* g() {
  try { yield 1; yield 2; } finally { log.push('finally'); }
}
const a = g();
const r1 = [await a.next(), await a.return('early'), await a.next()];
const b = g();
await b.next();
let caught;
try { await b.throw(new Error('bad')); } catch (e) { caught = e.message; }
const c = g();
const r3 = [await c.return('before start'), await c.next()];
let caught2;
try { await g().throw('thrown before start'); } catch (e) { caught2 = e; }
return { r1, caught, r3, caught2, log };
