class Invoice {
  constructor(lines) { this.lines = lines; }
  get total() { return this.lines.reduce((s, l) => s + l.qty * l.price, 0); }
}
const inv = new Invoice([{ qty: 2, price: 5 }, { qty: 1, price: 7 }]);
const summary = { id: 'inv-1', get total() { return inv.total; }, get lineCount() { return inv.lines.length; } };
return { summary, direct: inv, total: inv.total };
