const calls = [];
const it = { [Symbol.iterator]() { let i = 0; return { next() { i++; calls.push("next"); return { value: i, done: i > 2 }; } }; } };
const [a, b, c] = it;
return { a, b, c, calls };
