async function* g() { yield 1; }
const it = g();
function* s() {}
return {
  self: it[Symbol.asyncIterator]() === it,
  tag: Object.prototype.toString.call(it),
  syncTag: Object.prototype.toString.call(s()),
  syncSelf: s()[Symbol.iterator] !== undefined,
  fnTag: String(Object.prototype.toString.call(g)),
};
