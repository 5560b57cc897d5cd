class Money {
  constructor(cents) { this.cents = cents; }
  toJSON() { return (this.cents / 100).toFixed(2); }
}
class Order {
  constructor(id, cents) { this.id = id; this.price = new Money(cents); }
  toJSON(key) { return { id: this.id, price: this.price, key }; }
}
return { orders: [new Order(1, 1999), new Order(2, 250)], single: new Money(5) };
