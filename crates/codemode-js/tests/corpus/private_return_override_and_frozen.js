class Base { constructor(o) { return o; } }
class Stamp extends Base {
  #stamp = 'ok';
  constructor(o) { super(o); }
  static read(o) { return o.#stamp; }
}
class Meth extends Base { #m() {} constructor(o) { super(o); } }
const out = [];
const o = {};
new Stamp(o);
out.push(Stamp.read(o));
try { new Stamp(o); } catch (e) { out.push(e.message); }
const p = {};
new Meth(p);
try { new Meth(p); } catch (e) { out.push(e.message); }
const frozen = Object.freeze({ a: 1 });
new Stamp(frozen);
out.push(Stamp.read(frozen), Object.isFrozen(frozen), Object.keys(frozen), JSON.stringify(frozen));
const sealed = Object.preventExtensions({});
new Stamp(sealed);
out.push(Stamp.read(sealed), Object.getOwnPropertySymbols(sealed).length);
return out;
