// Intl.NumberFormat and Intl.DateTimeFormat objects, their bound format and options.
const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const pct = Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 1 });
const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const full = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
return {
  money: [1, 22.5, 1e6, -3.456, "12.5"].map(money.format),
  pct: [0.1234, 1, 0.0005].map((x) => pct.format(x)),
  days: [0, 864e5, Date.UTC(2024, 4, 6)].map(day.format),
  full: full.format(new Date(Date.UTC(2024, 1, 29, 13, 45))),
  defaultDate: new Intl.DateTimeFormat().format(new Date(0)),
  zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  resolved: money.resolvedOptions(),
  plain: new Intl.NumberFormat().format(12345.678),
  types: [typeof Intl, typeof Intl.NumberFormat, Object.prototype.toString.call(money) ],
};
