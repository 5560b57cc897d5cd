// Nanosecond timestamps as an agent might get them from an API.
const events = [{ id: "a", ns: "1700000000123456789" }, { id: "b", ns: "1700000000987654321" }, { id: "c", ns: "1700000005000000000" }];
const ts = events.map((e) => BigInt(e.ns));
const gaps = ts.slice(1).map((t, i) => t - ts[i]);
const ms = ts.map((t) => Number(t / 1000000n));
return { gapsNs: gaps.map(String), gapsMs: gaps.map((g) => Number(g) / 1e6), firstIso: new Date(ms[0]).toISOString(), spanSec: Number((ts[2] - ts[0]) / 1000000000n) };
