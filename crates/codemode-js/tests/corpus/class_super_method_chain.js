class A { describe() { return ['A']; } static make() { return 'A.make'; } }
class B extends A { describe() { return [...super.describe(), 'B']; } static make() { return super.make() + '>B'; } }
class C extends B { describe() { return [...super.describe(), 'C']; } }
return [new C().describe(), C.make(), B.make()];
