class Base {
  constructor() { this._v = 1; }
  get v() { return this._v; }
  set v(x) { this._v = x; }
}
class OnlyGetter extends Base { get v() { return 'sub:' + super.v; } }
class Doubling extends Base { set v(x) { this._v = x * 2; } get v() { return super.v; } }
const a = new OnlyGetter();
a.v = 10;
const b = new Doubling();
b.v = 10;
return [a.v, a._v, b.v, b._v, Object.keys(a)];
