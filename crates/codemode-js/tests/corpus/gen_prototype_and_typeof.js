function* g() { yield 1; }
const it = g();
const proto = Object.getPrototypeOf(it);
return {
  typeofG: typeof g,
  typeofIt: typeof it,
  protoIsGPrototype: proto === g.prototype,
  sharedNext: Object.getPrototypeOf(g.prototype) === Object.getPrototypeOf((function* () {}).prototype),
  hasNext: typeof it.next,
  ownKeys: Object.keys(it),
  json: JSON.stringify(it),
  ctor: g.prototype.hasOwnProperty('constructor'),
};
