const s = Symbol("s"), hidden = Symbol("hidden");
const o = {};
Object.defineProperties(o, { a: { value: 1, enumerable: true }, [s]: { value: 2, enumerable: true } });
Object.defineProperty(o, hidden, { value: 3 });
const ds = Object.getOwnPropertyDescriptors(o);
return {
  keys: Object.keys(ds), syms: Object.getOwnPropertySymbols(ds).map(String),
  s: ds[s], hidden: ds[hidden], viaSpread: Object.getOwnPropertySymbols({ ...o }).map(String),
};
