class Money {
  constructor(c) { this.cents = c; }
  toString() { return `$${(this.cents / 100).toFixed(2)}`; }
  valueOf() { return this.cents; }
}
const a = new Money(150), b = new Money(275);
return [`${a}`, `${b} total`, a + b, a < b, b - a];
