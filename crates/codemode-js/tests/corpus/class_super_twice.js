class A {}
class B extends A { constructor() { super(); super(); } }
try { new B(); } catch (e) { return [e.name, e.message]; }
