const text = `INV-001 2024-01-15 $1,234.50 ACME Corp
INV-002 2024-02-03 $99.00 Globex
INV-003 2024-02-28 $12,000.00 Initech
bad line`;
const re = /^(INV-\d+) (\d{4})-(\d{2})-\d{2} \$([\d,]+\.\d{2}) (.+)$/gm;
const byMonth = {};
for (const [, id, y, m, amt, who] of text.matchAll(re)) {
  const k = `${y}-${m}`;
  byMonth[k] = Math.round(((byMonth[k] ?? 0) + Number(amt.replace(/,/g, ""))) * 100) / 100;
}
return byMonth;
