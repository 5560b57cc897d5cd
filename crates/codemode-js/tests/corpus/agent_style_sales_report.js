// Format a sales summary for a human: money, percentages, compact counts, dates.
const orders = [
  { region: "west", total: 1249.99, placed: "2024-04-01T09:30:00Z" },
  { region: "east", total: 89.5, placed: "2024-04-03T17:05:00Z" },
  { region: "west", total: 15000, placed: "2024-04-15T11:00:00Z" },
  { region: "south", total: 0.99, placed: "2024-04-30T23:59:59Z" },
  { region: "east", total: 2310.456, placed: "2024-04-21T08:00:00Z" },
];
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const grand = orders.reduce((s, o) => s + o.total, 0);
const byRegion = {};
for (const o of orders) byRegion[o.region] = (byRegion[o.region] ?? 0) + o.total;
const lines = Object.entries(byRegion)
  .sort((a, b) => b[1] - a[1])
  .map(([r, t]) => `${r.padEnd(6)} ${usd.format(t).padStart(12)} ${(t / grand).toLocaleString("en-US", { style: "percent", minimumFractionDigits: 1 })}`);
const views = [950, 12400, 1530000, 2.5e9];
return {
  lines,
  grand: usd.format(grand),
  views: views.map((v) => v.toLocaleString("en-US", { notation: "compact" })),
  period: `${new Date(orders[0].placed).toLocaleDateString("en-US", { month: "long", day: "numeric" })} – ${new Date(orders[3].placed).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" })}`,
  latest: new Date(Math.max(...orders.map((o) => Date.parse(o.placed)))).toLocaleString("en-US", { dateStyle: "full", timeStyle: "short" }),
};
