const log = [];
async function* inner() {
  try {
    const x = yield 'i1';
    log.push('inner got ' + x);
    yield Promise.resolve('i2');
    return 'inner result';
  } finally { log.push('inner finally'); }
}
async function* outer() {
  const r = yield* inner();
  log.push('outer got ' + r);
  yield* [Promise.resolve('from array'), 'plain'];
  return 'outer done';
}
const out = [];
for await (const v of outer()) out.push(v);
const it = outer();
const r = [await it.next(), await it.next('X'), await it.return('R'), await it.next()];
return { out, r, log };
