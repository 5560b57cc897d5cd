class Money {
  #cents;
  constructor(c) { this.#cents = c; }
  static isMoney(o) { return #cents in o; }
  equals(o) { return Money.isMoney(o) && o.#cents === this.#cents; }
}
const m = new Money(100);
const out = [Money.isMoney(m), Money.isMoney({}), Money.isMoney(Object.create(m)), m.equals(new Money(100)), m.equals({ cents: 100 })];
try { Money.isMoney(1); } catch (e) { out.push(e.constructor.name + ': ' + e.message); }
try { Money.isMoney(null); } catch (e) { out.push(e.constructor.name); }
return out;
