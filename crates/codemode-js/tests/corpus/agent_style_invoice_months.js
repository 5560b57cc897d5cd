// Bucket invoices by month, total them, and find the overdue ones as of a fixed day.
const invoices = [
  { id: "inv-1", issued: "2024-01-15T10:00:00Z", due: "2024-02-14", amount: 120.5 },
  { id: "inv-2", issued: "2024-01-31T23:59:59Z", due: "2024-03-01", amount: 80 },
  { id: "inv-3", issued: "2024-02-01T00:00:00Z", due: "2024-02-29", amount: 42.25 },
  { id: "inv-4", issued: "2024-02-29T12:00:00Z", due: "2024-03-30", amount: 300 },
  { id: "inv-5", issued: "2023-12-31T18:30:00-08:00", due: "2024-01-30", amount: 15 },
];
const today = new Date("2024-03-05T00:00:00Z");
const byMonth = {};
for (const inv of invoices) {
  const d = new Date(inv.issued);
  const key = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  (byMonth[key] ??= { count: 0, total: 0 }).count++;
  byMonth[key].total += inv.amount;
}
const overdue = invoices
  .filter((inv) => new Date(inv.due) < today)
  .map((inv) => ({ id: inv.id, daysLate: Math.floor((today - new Date(inv.due)) / 86400000) }));
const label = (key) => new Date(key + "-01").toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
return { byMonth, overdue, labels: Object.keys(byMonth).sort().map(label) };
