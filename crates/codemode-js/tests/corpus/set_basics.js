// Set: SameValueZero, insertion order, spread, strings, and the iterators.
const s = new Set([1, 1, "1", NaN, NaN, 0, -0, undefined, null]);
const it = s.values();
const first = it.next();
s.add("late");
return [s.size, [...s].map(String), s.has(NaN), s.has(-0), s.add(2) === s, s.delete(2), s.delete(2),
  new Set("hello").size, [...new Set("hello")].join(""), Array.from(new Set([3, 1, 3])), first,
  [...it].map(String), s.keys === s.values, [...s.entries()][0], Object.prototype.toString.call(s.values()),
  JSON.stringify({ s }), new Set([..."mississippi"]).size, [...new Set([3, 2, 1].concat([1, 2, 3]))]];
