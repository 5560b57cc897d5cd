const naturals = { [Symbol.iterator]() { let n = 0; return { next: () => ({ value: n++, done: false }), return() { this.closed = true; return {}; } }; } };
const taken = [];
for (const n of naturals) { if (n >= 5) break; taken.push(n); }
const [a, b, c] = naturals;
return { taken, abc: [a, b, c] };
