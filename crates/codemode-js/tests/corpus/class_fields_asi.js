class C {
  a
  b = 42
  get
  *gen() { yield 1 }
  static
  s = 'static s'
  async
  m() { return 'm' }
  #p
  #q = 2
  peek() { return [this.#p, this.#q] }
}
const c = new C();
return [Object.keys(c), c.b, c.gen().next().value, C.s, c.m(), c.peek(), 'async' in c, 'get' in c];
