function f(a) { const r = a?.b.c; return [r, 1]; }
function g(a) { return a?.b?.(1) ?? 'none' }
const h = (o) => { let x = o?.p; return x === undefined ? 'u' : x };
const a = { v: 1, b() { return this && this.v } };
const deep = (o) => o?.x?.y?.[0]?.z ?? "d";
return [f(null), f({b: {c: 2}}), g(null), g({b: (x) => x + 1}), h(null), h({p: 3}), (a.b)(), a?.b(), deep(null), deep({x: {y: [{z: 5}]}}), deep({x: {}})];
