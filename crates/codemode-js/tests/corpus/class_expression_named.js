const Foo = class Bar {
  who() { return Bar.name; }
};
const anon = class {};
return [new Foo().who(), Foo.name, anon.name, typeof Bar];
