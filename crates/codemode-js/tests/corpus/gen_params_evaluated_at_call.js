const log = [];
function* g(a = log.push('default evaluated')) { log.push('body'); yield a; }
const it = g();
log.push('after call');
it.next();
let err;
function* h({ x }) { yield x; }
try { h(); } catch (e) { err = e.constructor.name; }
return { log, err };
