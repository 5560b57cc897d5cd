// en-US toLocale*String with the options people use.
const d = new Date(Date.UTC(2024, 2, 9, 15, 7, 8));
const midnight = new Date(Date.UTC(2024, 11, 31, 0, 0, 0));
const noon = new Date(Date.UTC(2024, 11, 31, 12, 0, 0));
const T = (f) => { try { return f(); } catch (e) { return e.name + ": " + e.message; } };
const opts = [undefined, {}, { year: "numeric", month: "long", day: "numeric" },
  { month: "short", day: "numeric" }, { weekday: "long" }, { weekday: "short", year: "numeric", month: "short", day: "numeric" },
  { year: "numeric", month: "2-digit", day: "2-digit" }, { hour: "2-digit", minute: "2-digit" },
  { hour: "numeric", minute: "2-digit", hour12: true }, { hour12: false }, { hourCycle: "h23" },
  { dateStyle: "full" }, { dateStyle: "short" }, { timeStyle: "short" }, { dateStyle: "medium", timeStyle: "medium" },
  { month: "long", year: "numeric" }, { timeZone: "UTC", timeZoneName: "short" },
  { timeZone: "America/Los_Angeles", hour: "numeric", minute: "2-digit", timeZoneName: "short" },
  { timeZone: "Europe/Paris" }, { timeZone: "Nowhere/City" }, { month: "huge" }, { dateStyle: "full", year: "numeric" }];
const out = [];
for (const o of opts) for (const x of [d, midnight, noon])
  out.push([T(() => x.toLocaleString("en-US", o)), T(() => x.toLocaleDateString(undefined, o)), T(() => x.toLocaleTimeString("en", o))]);
out.push(new Date(NaN).toLocaleString(), T(() => d.toLocaleString("en-US", "x")));
return out;
