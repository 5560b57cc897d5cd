class A { constructor() { this.kind = new.target.name; } }
class B extends A {}
function F() { return new.target === undefined ? 'call' : 'new'; }
return [new A().kind, new B().kind, F(), new F() instanceof F];
