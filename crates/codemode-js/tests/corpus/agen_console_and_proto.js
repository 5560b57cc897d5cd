async function* g() { yield 1; }
const it = g();
console.log(g);
console.log(it);
return {
  proto: Object.getPrototypeOf(it) === g.prototype,
  sharedProto: Object.getPrototypeOf(g.prototype) === Object.getPrototypeOf((async function* () {}).prototype),
  nextReturnsPromise: it.next() instanceof Promise,
  keys: Object.keys(it),
};
