class A { greet() { return 'A'; } }
A.prototype.level = 1;
class B extends A {
  greet() { return 'B<' + super.greet() + '>'; }
  lvl() { return super.level + 1; }
  missing() { return super.nope; }
}
const b = new B();
return [b.greet(), b.lvl(), b.missing(), B.prototype.greet === b.greet];
