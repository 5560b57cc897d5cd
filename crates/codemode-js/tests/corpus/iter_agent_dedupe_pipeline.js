const events = [{ u: "a", t: 3 }, { u: "b", t: 1 }, { u: "a", t: 2 }, { u: "c", t: 5 }];
const users = new Set(events.map((e) => e.u));
const latest = new Map();
for (const { u, t } of events) if (!latest.has(u) || latest.get(u) < t) latest.set(u, t);
const [[topUser, topT]] = [...latest].sort((x, y) => y[1] - x[1]);
const summary = Object.fromEntries([...latest].map(([u, t]) => [u, { t }]));
return { users: [...users], topUser, topT, summary, count: [...users].length };
