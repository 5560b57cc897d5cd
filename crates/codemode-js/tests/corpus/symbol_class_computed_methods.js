const kind = Symbol("kind");
class Shape {
  static [Symbol.hasInstance](x) { return typeof x === "object" && x !== null && "sides" in x; }
  get [kind]() { return "shape"; }
  [Symbol.for("describe")]() { return `shape with ${this.sides} sides`; }
  constructor(n) { this.sides = n; }
}
const s = new Shape(3);
return { kind: s[kind], d: s[Symbol.for("describe")](), inst: ({ sides: 4 }) instanceof Shape, not: ({}) instanceof Shape, keys: Object.keys(s) };
