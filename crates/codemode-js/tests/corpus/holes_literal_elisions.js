const a = [1, , 3];
const b = [, ];
const c = [, , ];
const d = [1, , ];
const e = [, 1, , 2, , ];
return {
  lens: [a.length, b.length, c.length, d.length, e.length],
  inA: [0 in a, 1 in a, 2 in a],
  read: [a[1] === undefined, b[0], e[4]],
  keys: [Object.keys(a), Object.keys(c), Object.keys(e)],
  json: JSON.stringify([a, b, c, d, e]),
};
