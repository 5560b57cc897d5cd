const s = Symbol("x");
const o = { [Symbol.iterator]() {}, get [Symbol.toStringTag]() { return "T"; } };
class C { static [Symbol("st")]() {} [Symbol.iterator]() {} }
return [o[Symbol.iterator].name, Object.getOwnPropertyDescriptor(o, Symbol.toStringTag).get.name, C.prototype[Symbol.iterator].name, Object.getOwnPropertySymbols(C).map(k => C[k].name)];
