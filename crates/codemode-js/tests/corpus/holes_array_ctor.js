const a = new Array(5);
const b = Array(3);
const c = new Array(2, 3);
const d = Array.of(4);
return {
  lens: [a.length, b.length, c.length, d.length],
  keys: [Object.keys(a).length, Object.keys(b).length, Object.keys(c)],
  has: [0 in a, 4 in a, 0 in c],
  own: [a.hasOwnProperty(0), Object.hasOwn(b, 2), c.hasOwnProperty(1)],
  json: JSON.stringify(a),
  joined: a.join("-"),
  str: String(b),
};
