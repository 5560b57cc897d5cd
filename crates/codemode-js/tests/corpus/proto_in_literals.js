// `__proto__: v` in an object literal sets the prototype (objects and null only); a
// shorthand or computed `__proto__` is an ordinary own property.
const base = { kind: "base", describe() { return this.kind + "/" + this.name; } };
const a = { __proto__: base, name: "a" };
const b = { "__proto__": a, name: "b" };
const bare = { __proto__: null, x: 1 };
const ignored = { __proto__: 42, y: 2 };
const __proto__ = { own: true };
const short = { __proto__ };
const computed = { ["__proto__"]: 5 };
return [
  a.describe(), b.describe(), Object.keys(a), Object.getPrototypeOf(b) === a,
  Object.getPrototypeOf(bare), bare.x, Object.keys(bare),
  Object.getPrototypeOf(ignored) === Object.prototype, ignored.y,
  Object.keys(short), Object.getPrototypeOf(short) === Object.prototype,
  Object.keys(computed), JSON.stringify(a), "kind" in a,
];
