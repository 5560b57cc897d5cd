try {
  Array.prototype[0] = "proto";
  Array.prototype[1] = "proto";
  return [[5].filter(() => true), [1].map(x => x + 1), [3, 1].toSorted(), JSON.stringify([1]), Array.from("ab"), [1, 2, 3].flatMap(x => x > 1 ? [x] : []), [].concat([7])];
} finally { delete Array.prototype[0]; delete Array.prototype[1]; }
