class A {}
class B extends A { constructor() { this.x = 1; super(); } }
try { new B(); } catch (e) { return [e.name, e.message]; }
