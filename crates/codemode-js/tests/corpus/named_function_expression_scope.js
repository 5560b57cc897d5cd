const a = (function n(n) { return n })(5);
const b = (function n() { var n; return typeof n })();
const c = (function n() { var n = 3; return n })();
const d = (function n() { return typeof n })();
const e = (function n(x) { let r = typeof n; { let n = 2; r += n } return r })(1);
const f = (function n(...n) { return n })(1, 2);
const g = (function n({n}) { return n })({n: 4});
const h = (function n() { function n() { return 'inner' } return n() })();
return [a, b, c, d, e, f, g, h];
