// A 64-bit xorshift PRNG and bit masks.
let s = 88172645463325252n;
const next = () => { s ^= BigInt.asUintN(64, s << 13n); s ^= s >> 7n; s ^= BigInt.asUintN(64, s << 17n); return s; };
const draws = [];
for (let i = 0; i < 5; i++) draws.push(next().toString(16));
const mask = (1n << 48n) - 1n;
return { draws, masked: (0xdeadbeefcafebaben & mask).toString(16), popcount: [...(0xf0f0n).toString(2)].filter((c) => c === "1").length };
