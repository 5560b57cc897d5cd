const log = [];
function* inner() {
  try { yield 1; yield 2; } catch (e) { log.push('inner caught ' + e); yield 'recovered'; } finally { log.push('inner finally'); }
}
function* outer() { try { yield* inner(); } finally { log.push('outer finally'); } }
const a = outer();
const r1 = [a.next(), a.throw('E'), a.next()];
const b = outer();
const r2 = [b.next(), b.return('R'), b.next()];
return { r1, r2, log };
