class A { foo() {} static bar() {} ['b' + 'az']() {} }
return [A.prototype.foo.name, A.bar.name, A.name, (class {}).name, A.prototype.baz.name];
