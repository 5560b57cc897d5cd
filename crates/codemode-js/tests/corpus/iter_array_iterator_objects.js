const arr = ["a", "b", "c"];
const it = arr[Symbol.iterator]();
const steps = [it.next(), it.next(), it.next(), it.next()];
const ents = arr.entries();
return {
  steps, same: it[Symbol.iterator]() === it,
  tag: Object.prototype.toString.call(it),
  keys: [...arr.keys()], values: [...arr.values()], entries: [...ents],
  isValues: Array.prototype[Symbol.iterator] === Array.prototype.values,
  forOf: (() => { const o = []; for (const [i, v] of arr.entries()) o.push(i + v); return o; })(),
};
