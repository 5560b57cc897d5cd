// structuredClone copies Dates, Maps, Sets, wrappers and errors, keeps shared references
// shared and cycles cyclic, and drops prototypes of class instances.
const T = (f) => { try { return f(); } catch (e) { return e.name + ": " + e.message; } };
const shared = { n: 1 };
const src = { a: [1, { b: 2 }], d: new Date(0), m: new Map([["k", shared]]), s: new Set([1, shared]),
  w: new Number(3), str: new String("x"), e: new TypeError("bad", { cause: 5 }), x: shared, y: shared,
  u: undefined, nan: NaN };
src.self = src;
const c = structuredClone(src);
class P { constructor() { this.v = 1; } }
const p = structuredClone(new P());
return [c !== src, c.self === c, c.x === c.y, c.m.get("k") === c.x, [...c.s][1] === c.x, c.d instanceof Date,
  c.d.getTime(), c.m instanceof Map, c.s.has(1), typeof c.w, c.w + 1, String(c.str), c.e instanceof TypeError,
  c.e.message, c.e.cause, c.e.name, "u" in c, Object.keys(c), c.nan, p instanceof P, p.v,
  T(() => structuredClone(Promise.resolve())), T(() => structuredClone(new WeakMap())),
  structuredClone(5), structuredClone(null),
  structuredClone(new Date(NaN)).getTime(), structuredClone([[1], [2]]).flat()];
