const src = () => ({ [Symbol.iterator]() { const d = [1, undefined, 3]; let i = 0; return { next: () => (i < d.length ? { value: d[i++], done: false } : { done: true }) }; } });
const [a = "A", b = "B", c = "C", d = "D"] = src();
const [, second, , fourth = 4] = src();
const [x, [y, z] = "yz"] = src();
const { 0: first } = [...src()];
return { a, b, c, d, second, fourth, x, y, z, first };
