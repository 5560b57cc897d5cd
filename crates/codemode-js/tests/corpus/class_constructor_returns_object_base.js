class A { constructor() { return [1, 2]; } }
class B { constructor() { return 7; } }
return [new A(), new B() instanceof B];
