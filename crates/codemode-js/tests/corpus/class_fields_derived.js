class A { a = 1; constructor() { this.fromA = this.a + 1; } }
class B extends A { b = this.a + 10; constructor() { super(); this.fromB = this.b * 2; } }
return new B();
