const seen = new Set();
for (const id of [10n ** 20n, 10n ** 20n, 5n, BigInt("5"), 0n, -0n]) seen.add(id);
const m = new Map();
m.set(2n ** 64n, "max+1");
m.set(1n, "one");
m.set(1, "number one");
return {
  size: seen.size,
  has: [seen.has(5n), seen.has(5), seen.has(BigInt(10) ** 20n)],
  get: [m.get(18446744073709551616n), m.get(1n), m.get(1), m.size],
  includes: [[1n, 2n].includes(2n), [1n].includes(1), [0n].indexOf(0n), [NaN, 0n].lastIndexOf(0n)],
  deleted: m.delete(2n ** 64n) && !m.has(2n ** 64n),
};
