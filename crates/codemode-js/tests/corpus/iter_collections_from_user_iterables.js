const src = {
  [Symbol.iterator]() {
    const data = [["x", 1], ["y", 2], ["x", 3]];
    let i = 0;
    return { next: () => (i < data.length ? { value: data[i++], done: false } : { done: true }) };
  },
};
const m = new Map(src);
const s = new Set({ [Symbol.iterator]: () => ["p", "q", "p"][Symbol.iterator]() });
const o = Object.fromEntries(src);
return { m: [...m], s: [...s], o };
