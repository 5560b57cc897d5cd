const log = [];
function* g() {
  try { yield 1; yield 2; } finally { log.push('cleanup'); }
  yield 3;
}
const it = g();
const a = it.next();
const b = it.return(42);
const c = it.next();
return { a, b, c, log };
