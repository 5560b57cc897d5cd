class P { constructor(n){this.n=n} toString(){ return 'P' + this.n } }
const a = [new P(1), null, new P(2), undefined, 3, [new P(4), 5]];
const out = {};
const tryit = (k, f) => { try { out[k] = f(); } catch (e) { out[k] = 'ERR ' + e.constructor.name + ' ' + e.message; } };
tryit('join', () => a.join('-'));
tryit('toString', () => a.toString());
tryit('String', () => String(a));
tryit('tmpl', () => `${a}`);
tryit('concat', () => 'x'.concat(a, new P(9)));
tryit('generic', () => Array.prototype.join.call({length: 2, 0: new P(7), 1: 'z'}, '+'));
tryit('throws', () => [ { toString(){ throw new Error('boom') } } ].join());
tryit('order', () => { const log = []; const mk = (k) => ({ toString(){ log.push(k); return k; } }); [mk('a'), mk('b')].join(); 'q'.concat(mk('c'), mk('d')); return log; });
tryit('valueOfNum', () => Math.max({ valueOf(){ return 5 } }, { valueOf(){ return 9 } }, 1));
tryit('bad', () => Math.max({ valueOf(){ return {} }, toString(){ return {} } }));
tryit('sym', () => 'x'.concat({ [Symbol.toPrimitive](h){ return h } }));
return out;
