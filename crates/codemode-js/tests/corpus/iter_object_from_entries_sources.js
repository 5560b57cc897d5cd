const fromMap = Object.fromEntries(new Map([["a", 1], ["b", 2]]));
const fromArr = Object.fromEntries([["x", [1]], ["y", { z: 1 }]]);
const fromGen = Object.fromEntries({ [Symbol.iterator]() { let i = 0; return { next: () => (i < 2 ? { value: ["k" + i, i++], done: false } : { done: true }) }; } });
const roundTrip = Object.fromEntries(Object.entries({ p: 1, q: 2 }).map(([k, v]) => [k.toUpperCase(), v * 10]));
return { fromMap, fromArr, fromGen, roundTrip };
