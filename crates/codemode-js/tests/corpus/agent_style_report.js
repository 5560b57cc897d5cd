const orders = [
  {id: 'o1', customer: 'acme', total: 120.5, status: 'paid'},
  {id: 'o2', customer: 'globex', total: 80, status: 'pending'},
  {id: 'o3', customer: 'acme', total: 42.25, status: 'paid'},
  {id: 'o4', customer: 'initech', total: 300, status: 'refunded'},
  {id: 'o5', customer: 'globex', total: 15.75, status: 'paid'},
];
const paid = orders.filter(o => o.status === 'paid');
const byCustomer = {};
for (const o of paid) {
  byCustomer[o.customer] ??= {count: 0, total: 0};
  byCustomer[o.customer].count++;
  byCustomer[o.customer].total += o.total;
}
const ranking = Object.entries(byCustomer).map(([name, s]) => ({name, ...s, avg: +(s.total / s.count).toFixed(2)})).sort((a, b) => b.total - a.total);
console.log(`paid orders: ${paid.length}`);
return {ranking, grand: paid.reduce((s, o) => s + o.total, 0)};
