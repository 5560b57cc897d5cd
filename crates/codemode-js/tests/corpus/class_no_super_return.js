class A {}
class B extends A { constructor() { } }
try { new B(); return 'no'; } catch (e) { return [e.name, e.message]; }
