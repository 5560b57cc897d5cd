class A extends null {}
const r = [Object.getPrototypeOf(A.prototype), typeof A];
try { new A(); } catch (e) { r.push(e.constructor.name, e.message); }
return r;
