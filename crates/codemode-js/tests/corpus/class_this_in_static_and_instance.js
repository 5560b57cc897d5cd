class A {
  static who() { return this === A; }
  static make() { return new this(); }
  who() { return this instanceof A; }
}
class B extends A {}
return [A.who(), B.who(), B.make() instanceof B, new B().who()];
