// matchAll is lazy: each next() runs one match, so taking the first few of a long log
// costs only those matches.
let execs = 0;
class Counting extends RegExp {
  exec(s) { execs++; return super.exec(s); }
}
const log = Array.from({ length: 1000 }, (_, i) => `id=${i}`).join(";");
const it = log.matchAll(new Counting("id=(\\d+)", "g"));
const first = [];
for (const m of it) {
  first.push(Number(m[1]));
  if (first.length === 3) break;
}
const afterBreak = execs;
const rest = it.next();
return { first, afterBreak, restDone: rest.done, tag: Object.prototype.toString.call(it),
  protoIsIterator: Object.getPrototypeOf(Object.getPrototypeOf(it)) === Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())) };
