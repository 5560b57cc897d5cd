const store = { items: [3, 1, 2] };
Object.defineProperties(store, {
  size: { get() { return this.items.length; }, enumerable: true },
  sorted: { get() { return [...this.items].sort(); } },
  first: { get() { return this.items[0]; }, set(v) { this.items[0] = v; }, configurable: true },
});
store.first = 9;
const desc = Object.getOwnPropertyDescriptors(store);
return [store.size, store.sorted, store.items, Object.keys(desc), desc.first.configurable, desc.size.enumerable, typeof desc.sorted.set];
