async function* g() {
  yield 1;
  throw new TypeError('body failed');
}
const it = g();
const out = [await it.next()];
try { await it.next(); } catch (e) { out.push(e.name + ': ' + e.message); }
out.push(await it.next());
return out;
