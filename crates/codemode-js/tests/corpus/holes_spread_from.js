const a = [1, , 3, , ];
const spread = [...a];
const from = Array.from(a);
const mapped = Array.from(a, (v, i) => (v === undefined ? "hole" + i : v));
const args = ((...xs) => xs.map((x) => typeof x))(...a);
return {
  spread: [spread.length, Object.keys(spread), 1 in spread],
  from: [from.length, 1 in from, JSON.stringify(from)],
  mapped,
  args,
  apply: Math.max.apply(null, [1, , 3]),
};
