class A {
  #x = 1;
  #m() { return 1; }
  get #g() { return 2; }
  set #s(v) {}
  rd(o) { return o.#x; }
  wr(o) { o.#x = 2; }
  wm() { this.#m = 1; }
  wg() { this.#g = 1; }
  rs() { return this.#s; }
  call(o) { return o.#m(); }
}
const a = new A();
const out = [];
for (const f of [() => a.rd({}), () => a.wr({}), () => a.wm(), () => a.wg(), () => a.rs(), () => a.rd(1), () => a.call({}), () => a.call(a)]) {
  try { out.push(f()); } catch (e) { out.push(e.constructor.name + ': ' + e.message); }
}
return out;
