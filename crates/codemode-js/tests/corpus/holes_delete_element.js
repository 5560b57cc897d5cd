const a = [10, 20, 30, 40];
const r1 = delete a[1];
const r2 = delete a[3];
const r3 = delete a[10];
return {
  results: [r1, r2, r3],
  len: a.length,
  keys: Object.keys(a),
  has: [1 in a, 3 in a, a.hasOwnProperty(2)],
  read: [a[1], a[3]],
  json: JSON.stringify(a),
  desc: [Object.getOwnPropertyDescriptor(a, 1), Object.getOwnPropertyDescriptor(a, 2)],
};
