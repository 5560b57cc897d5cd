class Registry {
  static _items = [];
  static get count() { return Registry._items.length; }
  static set latest(item) { Registry._items.push(item); }
  static get latest() { return Registry._items[Registry._items.length - 1]; }
}
Registry.latest = 'a';
Registry.latest = 'b';
const d = Object.getOwnPropertyDescriptor(Registry, 'latest');
return [Registry.count, Registry.latest, typeof d.get, typeof d.set, d.enumerable, Object.keys(Registry)];
