class A { m() {} static s() {} }
const r = [];
try { new A.prototype.m(); } catch (e) { r.push(e.message); }
try { new A.s(); } catch (e) { r.push(e.message); }
return r;
