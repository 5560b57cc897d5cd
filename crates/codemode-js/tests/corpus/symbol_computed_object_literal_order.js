const s1 = Symbol("one"), s2 = Symbol("two");
const o = { b: 1, [s2]: 2, 2: "two", a: 3, [s1]: 4, 1: "one" };
return { keys: Object.keys(o), syms: Object.getOwnPropertySymbols(o).map((s) => s.description), names: Object.getOwnPropertyNames(o) };
