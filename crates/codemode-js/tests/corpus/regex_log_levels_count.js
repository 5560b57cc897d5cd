const logs = [];
for (let i = 0; i < 200; i++) logs.push(`[${["INFO", "WARN", "ERROR"][i % 3]}] ${i} request id=${(i * 7919) % 1000} took ${(i * 31) % 500}ms`);
const counts = {}, slow = [];
for (const l of logs) {
  const m = /^\[(\w+)\] (\d+) request id=(\d+) took (\d+)ms$/.exec(l);
  if (!m) continue;
  counts[m[1]] = (counts[m[1]] ?? 0) + 1;
  if (+m[4] > 450) slow.push(+m[3]);
}
return { counts, slow: slow.length, first: slow.slice(0, 5) };
