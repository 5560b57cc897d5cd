const a = Array.from({ length: 3 });
const b = Array.apply(null, Array(3));
const c = Array(3).map((_, i) => i);
const d = [...Array(3).keys()];
const e = Array.from(new Array(2), (_, i) => i * 2);
const f = new Array(3).fill();
return {
  a: [a.length, Object.keys(a).length],
  b: [b.length, Object.keys(b).length],
  c: [c.length, Object.keys(c).length],
  d, e,
  f: [f.length, Object.keys(f).length],
  idx: [new Array(3).indexOf(undefined), new Array(3).includes(undefined)],
};
