const m = new Map([["a", 1], ["b", 2]]);
const s = new Set([1, 2, 3]);
const mi = m[Symbol.iterator]();
return {
  isEntries: Map.prototype[Symbol.iterator] === Map.prototype.entries,
  isValues: Set.prototype[Symbol.iterator] === Set.prototype.values,
  first: mi.next().value, selfIter: mi[Symbol.iterator]() === mi,
  rest: [...mi], keys: [...m.keys()], setVals: [...s.values()],
  copy: [...new Map(m)].length, fromSet: Array.from(s.entries()),
};
