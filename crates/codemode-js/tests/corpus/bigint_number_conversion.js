return {
  n: [Number(1n), Number(-12n), Number(2n ** 53n + 1n), Number(2n ** 53n + 3n), Number(2n ** 64n), Number(2n ** 1024n), Number(-(2n ** 1100n)), Number(0n)].map(String),
  parse: [parseInt("123n"), parseFloat("1.5n"), parseInt(String(10n ** 20n))],
  isInteger: [Number.isInteger(1n), Number.isSafeInteger(1n), Number.isFinite(1n), Number.isNaN(1n)],
  safe: [BigInt(Number.MAX_SAFE_INTEGER) + 2n].map(String),
};
