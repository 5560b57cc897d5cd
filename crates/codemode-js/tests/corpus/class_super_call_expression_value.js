class A { constructor() { this.tag = 'a'; } }
let captured;
class B extends A { constructor() { captured = super(); this.same = captured === this; } }
const b = new B();
return [b.same, b.tag, captured === b];
