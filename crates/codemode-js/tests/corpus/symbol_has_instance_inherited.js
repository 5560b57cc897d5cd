class Base { static [Symbol.hasInstance](v) { return v === "magic"; } }
class Derived extends Base {}
const plain = Object.create({ [Symbol.hasInstance]: () => true });
let err = null;
try { ({}) instanceof plain; } catch (e) { err = e.constructor.name; }
function F() {}
const f = new F();
return ["magic" instanceof Derived, "other" instanceof Base, f instanceof F, [] instanceof Object, err, Object.create(F.prototype) instanceof F];
