const saved = Array.prototype[Symbol.iterator];
const log = [];
Array.prototype[Symbol.iterator] = function () {
  let i = this.length;
  const self = this;
  return { next: () => (i > 0 ? { value: self[--i], done: false } : { done: true }) };
};
const out = [];
for (const x of [1, 2, 3]) out.push(x);
const spread = [...[4, 5, 6]];
const [a, b] = [7, 8, 9];
Array.prototype[Symbol.iterator] = saved;
const after = [...[1, 2]];
return { out, spread, a, b, after };
