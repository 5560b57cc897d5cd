class Point {
  constructor(x, y) { this.x = x; this.y = y; }
  add(o) { return new Point(this.x + o.x, this.y + o.y); }
  toString() { return `(${this.x}, ${this.y})`; }
}
const p = new Point(1, 2).add(new Point(3, 4));
return { p, s: String(p), keys: Object.keys(p), proto: Object.getOwnPropertyNames(Point.prototype) };
