class A { greet(n) { return 'hi ' + n; } }
class B extends A {
  greetAll(names) { return names.map(n => super.greet(n)); }
}
return new B().greetAll(['a', 'b']);
