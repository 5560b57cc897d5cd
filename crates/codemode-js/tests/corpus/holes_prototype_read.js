Array.prototype[1] = "from-proto";
try {
  const a = [0, , 2];
  const out = {
    read: a[1],
    has: 1 in a,
    own: a.hasOwnProperty(1),
    spread: [...a],
    keys: Object.keys(a),
    join: a.join(),
    indexOf: a.indexOf("from-proto"),
    includes: a.includes("from-proto"),
    concat: [a.concat().hasOwnProperty(1), [].concat(a, [, ])[1], Object.keys([9].concat([, ]))],
    slice: a.slice(0, 2).hasOwnProperty(1),
    mapped: a.map((v) => v + "!"),
    sorted: [2, , 1].sort(),
  };
  return out;
} finally {
  delete Array.prototype[1];
}
