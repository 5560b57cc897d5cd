class Bag { items = []; add(x) { this.items.push(x); return this; } }
const a = new Bag().add(1), b = new Bag().add(2).add(3);
return [a.items, b.items, a.items === b.items];
