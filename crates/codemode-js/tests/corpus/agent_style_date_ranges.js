// Day arithmetic the way agents write it: add days, week starts, ranges, ISO dates.
const addDays = (d, n) => { const r = new Date(d); r.setUTCDate(r.getUTCDate() + n); return r; };
const ymd = (d) => d.toISOString().slice(0, 10);
const start = new Date("2024-02-26T00:00:00Z");
const days = Array.from({ length: 8 }, (_, i) => ymd(addDays(start, i)));
const weekStart = (d) => addDays(d, -((d.getUTCDay() + 6) % 7)); // Monday
const isoWeek = (d) => {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  t.setUTCDate(t.getUTCDate() + 4 - (t.getUTCDay() || 7));
  const yearStart = new Date(Date.UTC(t.getUTCFullYear(), 0, 1));
  return Math.ceil(((t - yearStart) / 86400000 + 1) / 7);
};
const endOfMonth = (y, m) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
return {
  days, weekStarts: days.map((s) => ymd(weekStart(new Date(s)))),
  weeks: ["2024-01-01", "2024-12-30", "2021-01-03", "2020-12-31"].map((s) => isoWeek(new Date(s))),
  monthEnds: [0, 1, 2, 3, 11].map((m) => endOfMonth(2024, m)).concat(endOfMonth(2023, 1), endOfMonth(1900, 1), endOfMonth(2000, 1)),
  span: (new Date("2024-12-31") - new Date("2024-01-01")) / 864e5,
};
