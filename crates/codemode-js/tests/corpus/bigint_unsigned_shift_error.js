const out = [];
for (const f of [() => 1n >>> 1n, () => { let x = 4n; x >>>= 1n; return x; }, () => +1n, () => 1n + 1, () => 1 * 2n, () => Math.max(1n), () => Math.sqrt(4n)]) {
  try { out.push(String(f())); } catch (e) { out.push(`${e.name}: ${e.message}`); }
}
return out;
