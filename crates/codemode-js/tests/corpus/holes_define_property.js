const a = [1, , 3];
Object.defineProperty(a, 1, { value: "def", writable: true, enumerable: true, configurable: true });
const b = new Array(2);
const d0 = Object.getOwnPropertyDescriptor(b, 0);
return { a: [Object.keys(a), a[1]], d0: d0 === undefined, names: Object.getOwnPropertyNames(b) };
