const push = Array.prototype.push;
try {
  Array.prototype.push = function () { throw new Error("program push called"); };
  return [[1, 2, 3].filter(x => x > 1), [1, [2, 3]].flatMap(x => x), JSON.stringify({a: [1, 2], b: "x"}, ["a", "a"]),
    JSON.stringify([1, {a: 2}]), [3, 1, 2].toSorted(), [1, 2].toSpliced(1, 0, 9), await Promise.all([1, Promise.resolve(2)])];
} finally { Array.prototype.push = push; }
