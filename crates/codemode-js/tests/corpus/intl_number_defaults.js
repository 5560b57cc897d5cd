// Number.prototype.toLocaleString in en-US: grouping, three fraction digits, ICU's rounding
// of the shortest decimal form (1.005 -> 1.01), signs of zero, NaN and infinities.
const nums = [0, -0, 1, -1, 0.5, 1.005, 2.5, -2.5, 1234.5678, 1234567.891, -9876543.21,
  0.000123, 123456789012345680000, 1e21, NaN, Infinity, -Infinity, 999.9995, 0.1 + 0.2, 5e-7];
return nums.map((n) => [n.toLocaleString(), n.toLocaleString("en-US"), n.toLocaleString(undefined, {})]);
