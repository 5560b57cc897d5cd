// Every constructor form, Date.UTC and the time-value range.
const iso = (d) => isNaN(d) ? "Invalid Date" : d.toISOString();
return [
  iso(new Date(0)), iso(new Date(-1)), iso(new Date(1.9)), iso(new Date(-1.9)),
  iso(new Date(2024, 0)), iso(new Date(2024, 0, 31, 23, 59, 59, 999)), iso(new Date(99, 11, 31)),
  iso(new Date(0, 0)), iso(new Date(100, 0)), iso(new Date(-1, 0)), iso(new Date(2024, 12)),
  iso(new Date(2024, -1)), iso(new Date(2024, 0, 0)), iso(new Date(2024, 1, 30)),
  iso(new Date(8.64e15)), iso(new Date(8.64e15 + 1)), iso(new Date(-8.64e15)), iso(new Date(NaN)),
  iso(new Date("2024-03-10")), iso(new Date(new Date(5))), iso(new Date(true)), iso(new Date(null)),
  iso(new Date(undefined)), iso(new Date([2020])), iso(new Date(2024, NaN)), iso(new Date(Infinity)),
  Date.UTC(2024, 1, 29), Date.UTC(2024), Date.UTC(), Date.UTC(99), Date.UTC(2024, 0, 1, 24),
  Date.UTC(275760, 8, 13), Date.UTC(275760, 8, 13, 0, 0, 0, 1), Date.UTC(1e20),
  typeof Date(), typeof Date(0), Date.length, Date.UTC.length, Date.name,
];
