class Rows extends Array {
  sum(k) { let s = 0; for (const r of this) s += r[k]; return s; }
  static of2(...xs) { const r = new Rows(); r.push(...xs); return r; }
}
const rows = Rows.of2({ v: 1 }, { v: 2 }, { v: 4 });
return [rows.sum('v'), rows.length, rows.map(r => r.v)];
