class Point { constructor(x, y) { this.x = x; this.y = y; } }
class Empty {}
class Sub extends Point { z = 3; }
class List extends Array {}
const l = new List(); l.push(1, 2);
console.log(new Point(1, 2));
console.log([new Empty(), new Sub(4, 5)]);
console.log({ p: new Point(0, 0) }, String(Point.name));
console.log(l, new List(), new (class {})());
function F() { this.q = 1; }
console.log(new F(), Object.create(Point.prototype), Object.create({}));
class D { constructor() { this.a = { b: { c: new Point(1, 1) } }; } }
console.log(new D());
return 'ok';
