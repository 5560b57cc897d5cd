// Map: SameValueZero keys, insertion order, replacement keeps the position, chaining.
const T = (f) => { try { return f(); } catch (e) { return e.name + ": " + e.message; } };
const m = new Map([["a", 1], ["b", 2]]);
const o = {};
m.set(NaN, "nan").set(-0, "zero").set(o, "obj").set("a", 10);
return [m.size, m.get(NaN), m.get(0), m.has(-0), m.get(o), m.get({}), m.get("a"), [...m.keys()].map(String),
  [...m.values()], [...m.entries()].length, m.delete("a"), m.delete("a"), m.size, [...m].map(([k]) => String(k)),
  T(() => Map()), T(() => new Map([1])), T(() => Map.prototype.get.call({}, 1)),
  Object.prototype.toString.call(m), typeof Map, Map.name, Map.length, m instanceof Map,
  new Map(m).size, new Map(null).size, JSON.stringify(m), Object.fromEntries(new Map([["x", 1]])),
  Array.from(new Map([[1, 2]])), m.set("k", 1) === m];
