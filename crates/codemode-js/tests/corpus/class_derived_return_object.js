class A {}
class B extends A { constructor() { return { custom: true }; } }
class C extends A { constructor() { super(); return 5; } }
let r = [new B()];
try { new C(); } catch (e) { r.push(e.message); }
return r;
