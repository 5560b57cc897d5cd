const log = [];
const it = { [Symbol.iterator]() { return this; }, next() { return { value: 1, done: false }; }, return() { log.push('closed'); return {}; } };
function* g() { yield* it; }
const gen = g();
gen.next();
let err;
try { gen.throw('x'); } catch (e) { err = e.constructor.name + ': ' + e.message; }
return { err, log, after: gen.next() };
