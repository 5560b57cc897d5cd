const log = [];
class Base {
  constructor() { this._v = 0; }
  get v() { return this._v; }
  set v(x) { log.push('base set ' + x); this._v = x * 10; }
  static set s(x) { log.push('static set ' + x); }
}
class Child extends Base {
  get v() { return super.v + 1; }
  set v(x) { log.push('child set ' + x); super.v = x; }
  bump() { super.v += 5; return this.v; }
  plain() { super.plainProp = 'own'; return Object.getOwnPropertyDescriptor(this, 'plainProp'); }
  computed(k) { super[k] = k.length; return this[k]; }
  static set s(x) { super.s = x + '!'; }
}
const c = new Child();
c.v = 2;
const afterSet = c.v;
const bumped = c.bump();
const desc = c.plain();
const comp = c.computed('abc');
Child.s = 'x';
return { afterSet, bumped, desc, comp, log, keys: Object.keys(c) };
