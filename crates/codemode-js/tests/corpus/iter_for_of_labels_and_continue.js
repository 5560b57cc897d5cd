const log = [];
const tracked = (name, n) => ({ [Symbol.iterator]() { let i = 0; return { next: () => (i < n ? { value: i++, done: false } : { done: true }), return() { log.push("close " + name); return {}; } }; } });
outer: for (const a of tracked("A", 3)) {
  for (const b of tracked("B", 3)) {
    if (b === 1) continue;
    if (b === 2) continue outer;
    log.push(`${a}${b}`);
  }
}
log.push("--");
for (const a of tracked("C", 2)) { for (const b of tracked("D", 2)) { if (a === 1) break; } }
return log;
