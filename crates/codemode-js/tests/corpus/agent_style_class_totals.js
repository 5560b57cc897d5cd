class LineItem {
  constructor(name, qty, price) { Object.assign(this, { name, qty, price }); }
  total() { return this.qty * this.price; }
}
class Order {
  items = [];
  add(name, qty, price) { this.items.push(new LineItem(name, qty, price)); return this; }
  subtotal() { return this.items.reduce((s, i) => s + i.total(), 0); }
  tax(rate) { return Math.round(this.subtotal() * rate * 100) / 100; }
  summary(rate) { return { count: this.items.length, subtotal: this.subtotal(), tax: this.tax(rate), total: this.subtotal() + this.tax(rate) }; }
}
return new Order().add('pen', 3, 1.5).add('book', 1, 12).summary(0.2);
