// Getters and setters, local (UTC here) and UTC, with overflow and invalid dates.
const d = new Date(Date.UTC(2024, 0, 31, 12, 30, 45, 500));
const g = (x) => [x.getFullYear(), x.getMonth(), x.getDate(), x.getDay(), x.getHours(),
  x.getMinutes(), x.getSeconds(), x.getMilliseconds(), x.getUTCDay(), x.getTimezoneOffset(), x.getYear()];
const out = [g(d)];
out.push(d.setMonth(1), d.toISOString());            // Jan 31 + 1 month rolls into March
out.push(d.setDate(0), d.toISOString());             // day 0: last day of the previous month
out.push(d.setHours(48), d.setMinutes(-30), d.setSeconds(90, 250), d.setMilliseconds(-1));
out.push(d.setFullYear(2023, 1, 29), d.toISOString()); // 2023 has no Feb 29
out.push(d.setUTCFullYear(2000), d.setUTCMonth(11, 31), d.setUTCDate(32), d.setUTCHours(23, 59, 59, 999));
out.push(d.setUTCMinutes(0), d.setUTCSeconds(0), d.setUTCMilliseconds(0), d.toISOString());
out.push(d.setTime(86400000), d.toISOString(), d.setYear(85), d.toISOString(), d.setYear(2001));
const bad = new Date(NaN);
out.push(g(bad), bad.setHours(1), bad.setMonth(0), bad.setFullYear(2020), bad.toISOString());
out.push(new Date(0).setDate(), new Date(0).setHours("3"), new Date(0).setMinutes(1, undefined));
try { Date.prototype.getFullYear.call({}); } catch (e) { out.push(e.name); }
try { Date.prototype.setTime.call(Date.prototype, 0); } catch (e) { out.push(e.name); }
return out;
