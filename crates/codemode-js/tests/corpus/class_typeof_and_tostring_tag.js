class A {}
const a = new A();
return [typeof A, typeof a, Object.prototype.toString.call(a), A.prototype.constructor === A, Object.getPrototypeOf(a) === A.prototype];
