// Bound functions: chains of binds, arguments accumulated level by level, `new` on a
// bound function, instanceof through bound constructors.
function Point(x, y) { this.x = x; this.y = y; }
const P1 = Point.bind(null, 1);
const P2 = P1.bind({ ignored: true });
const p = new P2(2);
function add(a, b, c, d) { return [this && this.tag, a, b, c, d]; }
let f = add.bind({ tag: "t" }, 1);
f = f.bind({ tag: "other" }, 2);
f = f.bind(null, 3);
let g = function () { return "base"; };
for (let i = 0; i < 1000; i++) g = g.bind(null);
return [
  p.x, p.y, p instanceof Point, p instanceof P1, p instanceof P2,
  f(4), f.length, add.bind(null).name, P2.name,
  g(), ({}) instanceof g,
];
