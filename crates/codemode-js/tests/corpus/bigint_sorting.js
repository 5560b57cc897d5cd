const ids = [10n, -3n, 2n ** 65n, 0n, 7n, -(2n ** 65n), 7n];
const asc = [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const desc = [...ids].sort((a, b) => Number(b - a > 0n) - Number(b - a < 0n));
const lexical = [...ids].sort();
const max = ids.reduce((m, v) => (v > m ? v : m));
const min = ids.reduce((m, v) => (v < m ? v : m));
return { asc: asc.map(String), desc: desc.map(String), lexical: lexical.map(String), max: String(max), min: String(min) };
