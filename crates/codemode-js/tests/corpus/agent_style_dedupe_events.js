// Dedupe events by key, keep the latest per key, and count distinct values.
const events = [
  { key: "a", at: 3, v: "x" }, { key: "b", at: 1, v: "y" }, { key: "a", at: 5, v: "z" },
  { key: "c", at: 2, v: "x" }, { key: "b", at: 0, v: "w" }, { key: "a", at: 4, v: "q" },
];
const latest = new Map();
for (const e of events) {
  const prev = latest.get(e.key);
  if (!prev || prev.at < e.at) latest.set(e.key, e);
}
const seen = new Set();
const firstOfEach = events.filter((e) => (seen.has(e.key) ? false : (seen.add(e.key), true)));
const distinctValues = new Set(events.map((e) => e.v));
const counts = new Map();
for (const e of events) counts.set(e.v, (counts.get(e.v) || 0) + 1);
return {
  latest: Object.fromEntries([...latest].map(([k, e]) => [k, e.v])),
  firstOfEach: firstOfEach.map((e) => e.at),
  distinct: distinctValues.size,
  top: [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0],
};
