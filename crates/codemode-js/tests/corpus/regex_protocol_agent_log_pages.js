// Agent-style: page through a log lazily and stop at the first three errors of a service.
const log = [];
for (let i = 0; i < 300; i++) log.push(`${i % 7 === 0 ? "ERROR" : "INFO"} svc=${["api", "db", "web"][i % 3]} t=${i}`);
const text = log.join("\n");
const errors = [];
for (const m of text.matchAll(/^ERROR svc=(?<svc>\w+) t=(?<t>\d+)$/gm)) {
  if (m.groups.svc !== "db") continue;
  errors.push({ t: Number(m.groups.t), at: m.index });
  if (errors.length === 3) break;
}
const bySvc = {};
for (const [, svc] of text.matchAll(/svc=(\w+)/g)) bySvc[svc] = (bySvc[svc] ?? 0) + 1;
return { errors, bySvc };
