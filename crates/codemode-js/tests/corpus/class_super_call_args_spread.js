class A { constructor(...xs) { this.xs = xs; } }
class B extends A { constructor(...xs) { super(0, ...xs, 9); this.n = xs.length; } }
return new B(1, 2);
