const set = new Set(["a", "b"]);
const itr = { [Symbol.iterator]() { let i = 0; return { next: () => (i < 3 ? { value: i++, done: false } : { done: true }) }; } };
return [Array.from(set), Array.from(set, (x, i) => x + i), Array.from(itr), Array.from({ length: 3 }, (_, i) => i * i), Array.from("hi"), Array.from(new Map([[1, 2]]).values()), Array.from([1, 2].entries())];
