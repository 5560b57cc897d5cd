class Inventory {
  _items = new Map();
  add(name, qty) { this._items.set(name, (this._items.get(name) ?? 0) + qty); return this; }
  [Symbol.iterator]() { return this._items.entries(); }
  get [Symbol.toStringTag]() { return "Inventory"; }
}
const inv = new Inventory().add("bolt", 3).add("nut", 2).add("bolt", 1);
const lines = [];
for (const [name, qty] of inv) lines.push(`${name} x${qty}`);
return { lines, total: [...inv].reduce((s, [, q]) => s + q, 0), tag: String(inv), map: new Map(inv).get("bolt") };
