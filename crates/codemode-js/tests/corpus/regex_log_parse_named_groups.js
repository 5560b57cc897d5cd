const lines = [
  "2026-03-01T12:00:05.123Z INFO user=ana@example.com path=/api/v1/orders/13 took=31ms",
  "2026-03-02T12:01:05.9Z WARN user=bo path=/api/v1/users/7 took=480ms",
  "garbage line",
  "2026-03-03T12:02:05.5Z ERROR user=zed+tag@mail.example.net path=/health took=2ms",
];
const re = /^(?<date>\d{4}-\d{2}-\d{2})T(?<time>[\d:.]+)Z (?<level>[A-Z]+) user=(?<user>\S+) path=(?<path>\S+) took=(?<ms>\d+)ms$/;
const out = [];
for (const line of lines) {
  const m = re.exec(line);
  if (!m) { out.push(null); continue; }
  out.push({ ...m.groups, index: m.index, n: m.length });
}
return out;
