const s = Symbol("d");
const o = {};
Object.defineProperty(o, s, { value: 5, writable: false, enumerable: true });
const d = Object.getOwnPropertyDescriptor(o, s);
o[s] = 6;
delete o.x;
const deleted = delete o[s];
return { d, v: o[s], deleted, propIsEnum: o.propertyIsEnumerable(s) };
