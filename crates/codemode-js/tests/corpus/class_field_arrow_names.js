class A { f = () => 1; g = function () {}; static h = () => 2; }
const a = new A();
return [a.f.name, a.g.name, A.h.name, a.f(), A.h()];
