// An agent formats tool rows through small classes with toString/valueOf and uses them
// where built-ins convert: keys, joins, sorting by value, padding and Math.
class Sku {
  constructor(code) { this.code = code; }
  toString() { return `SKU-${this.code}`; }
}
class Qty {
  constructor(n) { this.n = n; }
  valueOf() { return this.n; }
  toString() { return `${this.n} pcs`; }
}
const rows = [
  { sku: new Sku(7), qty: new Qty(3) },
  { sku: new Sku(2), qty: new Qty(11) },
  { sku: new Sku(7), qty: new Qty(4) },
];
const totals = {};
for (const r of rows) totals[r.sku] = (totals[r.sku] ?? 0) + r.qty;
const byKey = new Map(rows.map((r) => [String(r.sku), r.qty]));
const largest = Math.max(...rows.map((r) => r.qty));
const lines = rows.map((r) => [r.sku, r.qty].join(" | "));
const padded = rows.map((r) => String(r.sku).padEnd(8, ".") + "x".repeat(new Qty(2)));
const sorted = [...rows].sort((a, b) => a.qty - b.qty).map((r) => `${r.sku}`);
return {
  totals,
  keys: [...byKey.keys()],
  largest,
  lines,
  padded,
  sorted,
  fixed: (largest / 3).toFixed(new Qty(2)),
  has: Object.hasOwn(totals, new Sku(2)),
  sliced: "abcdefgh".slice(new Qty(2), new Qty(5)),
  joined: rows.map((r) => r.sku).join(),
  dateOf: new Date(new Qty(86400000)).toISOString(),
};
