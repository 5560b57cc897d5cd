console.log([1].values(), "ab"[Symbol.iterator](), Object(Symbol("w")));
const t = tools.api;
return [typeof t[Symbol.iterator], Symbol.iterator in {}];
