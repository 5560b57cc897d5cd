// toString and its relatives, JSON, and string conversion.
const ds = [new Date(Date.UTC(2024, 6, 4, 9, 5, 3, 7)), new Date(Date.UTC(-1, 0, 1)),
  new Date(Date.UTC(12345, 5, 6)), new Date(Date.UTC(1, 0, 1)), new Date(0)];
const out = ds.map((d) => [d.toString(), d.toDateString(), d.toTimeString(), d.toUTCString(),
  d.toGMTString(), d.toISOString(), d.toJSON(), String(d), `${d}`, d + 1, d - 1, JSON.stringify(d)]);
const bad = new Date("nope");
out.push([String(bad), bad.toDateString(), bad.toTimeString(), bad.toUTCString(), bad.toJSON(),
  JSON.stringify({ bad }), bad + ""]);
try { bad.toISOString(); } catch (e) { out.push([e.name, e.message]); }
out.push(JSON.stringify({ when: new Date(86400000), list: [new Date(1e12)] }));
out.push(Object.prototype.toString.call(new Date(0)), new Date(0) == 0, new Date(5) < new Date(6));
console.log(new Date(0), [new Date(1e12)], { d: new Date(NaN) });
return out;
