const log = [];
async function* inner() {
  while (true) {
    try { yield 'ready'; } catch (e) { log.push('inner caught ' + e); yield 'recovered'; }
  }
}
async function* outer() { yield* inner(); }
const it = outer();
const r = [await it.next(), await it.throw('boom'), await it.next()];
const noThrow = { [Symbol.asyncIterator]() { return { next: async () => ({ value: 1, done: false }), return: async () => { log.push('closed'); return { done: true }; } }; } };
async function* wrap() { yield* noThrow; }
const w = wrap();
await w.next();
let err;
try { await w.throw('x'); } catch (e) { err = e.constructor.name + ': ' + e.message; }
return { r, log, err };
