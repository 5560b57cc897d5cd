const r = [];
try { new A(); } catch (e) { r.push(e.name, e.message); }
class A {}
r.push(typeof A);
return r;
