class Shape {
  constructor() { if (new.target === Shape) throw new TypeError('abstract'); this.kind = new.target.name; }
  area() { return 0; }
}
class Square extends Shape { constructor(s) { super(); this.s = s; } area() { return this.s ** 2; } }
let err;
try { new Shape(); } catch (e) { err = e.message; }
return [err, new Square(3).area(), new Square(2).kind];
