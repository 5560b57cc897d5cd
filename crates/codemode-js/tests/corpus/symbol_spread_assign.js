const s = Symbol("meta");
const base = { id: 1, [s]: { v: 1 } };
const copy = { ...base };
const assigned = Object.assign({}, base);
Object.defineProperty(base, Symbol("hidden"), { value: 9, enumerable: false });
const again = { ...base };
return [copy[s] === base[s], assigned[s].v, Object.getOwnPropertySymbols(again).length, Object.getOwnPropertySymbols(base).length];
