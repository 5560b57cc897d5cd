const rows = [['name', 'qty'], ['apple', 3], ['pear', 10]];
const widths = rows[0].map((_, i) => Math.max(...rows.map(r => String(r[i]).length)));
const lines = rows.map(r => r.map((c, i) => String(c).padEnd(widths[i])).join(' | '));
lines.forEach(l => console.log(l));
return lines.length;
