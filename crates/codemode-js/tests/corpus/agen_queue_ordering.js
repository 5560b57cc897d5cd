const log = [];
async function* g() {
  log.push('start');
  const a = yield 1;
  log.push('got ' + a);
  const b = yield 2;
  log.push('got ' + b);
  return 3;
}
const it = g();
// Three requests before any settles: they are answered in order.
const ps = [it.next('x'), it.next('y'), it.next('z'), it.next('w')];
log.push('requested');
const rs = await Promise.all(ps);
return { rs, log };
