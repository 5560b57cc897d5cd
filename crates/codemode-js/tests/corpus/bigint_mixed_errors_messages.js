const out = [];
const cases = [() => 1n + 1, () => 1n - 1, () => 2 * 1n, () => 1n / 1, () => 1n % 1, () => 1n ** 1, () => 1n & 1, () => 1n | 1, () => 1n ^ 1, () => 1n << 1, () => 1 >> 1n, () => -"x" + 1n, () => 1n + undefined, () => 1n + null, () => 1n + true, () => 1n + {}];
for (const f of cases) { try { out.push(String(f())); } catch (e) { out.push(e.name); } }
return out;
