const out = [];
for (const f of [() => Math.abs(-1n), () => Math.pow(2n, 2n), () => Math.floor(1n), () => isNaN(1n), () => isFinite(1n), () => new Date(1n), () => [3n, 1n].sort((a, b) => a - b), () => { const b = 1n; return b.toFixed(2); }]) {
  try { out.push(String(f())); } catch (e) { out.push(`${e.name}: ${e.message}`); }
}
return out;
