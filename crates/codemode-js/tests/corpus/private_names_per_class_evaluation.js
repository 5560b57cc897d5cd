const make = () => class { #p = 1; static read(o) { return o.#p; } };
const K1 = make(), K2 = make();
const out = [K1.read(new K1())];
try { K1.read(new K2()); } catch (e) { out.push(e.message); }
class Outer {
  #x = 'outer';
  test() {
    const self = this;
    class Inner {
      #x = 'inner';
      get(o) { return o.#x; }
      getOuter() { try { return self.#x; } catch (e) { return e.message; } }
    }
    const i = new Inner();
    return [i.get(i), i.getOuter()];
  }
  peek(o) { return o.#x; }
}
const ou = new Outer();
out.push(ou.test(), ou.peek(ou));
return out;
