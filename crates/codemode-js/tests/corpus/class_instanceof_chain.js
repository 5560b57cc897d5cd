class A {} class B extends A {} class C extends B {}
const c = new C();
return [c instanceof A, c instanceof B, c instanceof C, new A() instanceof C, Object.getPrototypeOf(C.prototype) === B.prototype, C.prototype.constructor === C];
