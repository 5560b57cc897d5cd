class A { static rename() { try { A = 1; } catch (e) { return e.message; } } }
const r = [A.rename()];
let B = class C { static self() { return C; } };
const orig = B;
B = null;
r.push(orig.self() === orig);
return r;
