function* g() { yield 1; yield 2; }
const it = g();
it.next();
let msg;
try { it.throw(new Error('boom')); } catch (e) { msg = e.message; }
return [msg, it.next()];
