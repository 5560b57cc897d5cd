const M = Math, saved = {min: Math.min, max: Math.max, trunc: Math.trunc};
try {
  Math.min = null; Math.max = null; Math.trunc = null;
  const a = [5, 3, 9, 1];
  const r1 = [a.toSorted(), [...a].sort(), a.with(-1, 0), [1, 2, 3, 4, 5].copyWithin(0, 3), Array.from({length: 2.7, 0: "a", 1: "b"}),
    JSON.stringify([1, {b: 2}], null, 3.9), Array.prototype.map.call({length: 2.5, 0: 1, 1: 2}, x => x * 2), a.toSpliced(1, 2)];
  globalThis.Math = undefined;
  const r2 = [[2, 1].toSorted(), [0, 1, 2].with(1.5, "w"), JSON.stringify({a: 1}, null, 1)];
  return [r1, r2];
} finally { globalThis.Math = M; Object.assign(Math, saved); }
