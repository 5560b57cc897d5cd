// Parse log timestamps in mixed formats, sort them, and report the gaps.
const lines = [
  "[2024-03-01T10:00:00Z] start",
  "[2024-03-01T10:00:05.250Z] fetch users",
  "[Fri, 01 Mar 2024 10:01:00 GMT] fetch orders",
  "[2024-03-01T11:01:00+01:00] merge",
  "[March 1, 2024 10:03:30 UTC] done",
  "[garbage] ignored",
];
const events = [];
for (const line of lines) {
  const close = line.indexOf("]");
  const t = Date.parse(line.slice(1, close));
  if (Number.isNaN(t)) continue;
  events.push({ at: new Date(t), what: line.slice(close + 2) });
}
events.sort((a, b) => a.at - b.at);
const gaps = events.slice(1).map((e, i) => ({ what: e.what, afterMs: e.at - events[i].at }));
return { first: events[0].at, last: events[events.length - 1].at.toISOString(), gaps,
  hours: events.map((e) => e.at.toLocaleTimeString("en-US", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" })) };
