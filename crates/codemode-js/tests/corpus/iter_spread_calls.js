const gen = { [Symbol.iterator]() { let i = 0; return { next: () => ({ value: i, done: i++ >= 4 }) }; } };
const max = Math.max(...gen);
const args = [...gen, ...["x"], ..."yz"];
function count(...a) { return a.length; }
return { max, args, count: count(...gen, ...new Set([1, 2])), obj: new Array(...gen) };
