const a = Object.freeze([1, , 3]);
const r1 = delete a[0];
const r2 = delete a[1];
const r3 = delete a[7];
let err = null;
try { Array.prototype.pop.call(a); } catch (e) { err = e.constructor.name; }
a[1] = "filled";
return { results: [r1, r2, r3], err, keys: Object.keys(a), hole: 1 in a, frozen: Object.isFrozen(a), len: a.length };
