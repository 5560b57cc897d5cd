class Query {
  constructor(rows) { this.rows = rows; this.ops = []; }
  where(f) { this.ops.push(r => r.filter(f)); return this; }
  orderBy(k) { this.ops.push(r => [...r].sort((a, b) => a[k] < b[k] ? -1 : a[k] > b[k] ? 1 : 0)); return this; }
  limit(n) { this.ops.push(r => r.slice(0, n)); return this; }
  run() { return this.ops.reduce((rows, op) => op(rows), this.rows); }
}
const rows = [{ n: 'c', v: 3 }, { n: 'a', v: 1 }, { n: 'b', v: 2 }, { n: 'd', v: 0 }];
return new Query(rows).where(r => r.v > 0).orderBy('n').limit(2).run();
