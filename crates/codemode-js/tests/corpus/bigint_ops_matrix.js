// Every operator over a matrix of signed values of many sizes (digit boundaries included),
// folded into per-operator digests so one program checks thousands of results.
let seed = 12345;
const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed; };
const vals = [0n, 1n, -1n, 2n, -2n, 63n, 64n, -64n, 2n ** 32n - 1n, 2n ** 32n, -(2n ** 32n), 2n ** 63n, -(2n ** 63n), 2n ** 64n - 1n, 2n ** 64n, -(2n ** 64n) + 1n, 2n ** 128n + 7n];
for (let i = 0; i < 12; i++) {
  let v = 0n;
  const limbs = 1 + (rnd() % 5);
  for (let j = 0; j < limbs; j++) v = (v << 31n) | BigInt(rnd());
  vals.push(rnd() % 2 ? -v : v);
}
const digest = {};
const add = (k, x) => { digest[k] = ((digest[k] ?? 0n) * 31n + (typeof x === "bigint" ? x : BigInt(x))) % 1000000007n; };
for (const a of vals) {
  add("neg", -a); add("not", ~a); add("str16", BigInt(parseInt(a.toString(16).slice(-6) || "0", 16) || 0));
  add("asInt", BigInt.asIntN(37, a)); add("asUint", BigInt.asUintN(37, a));
  add("num", BigInt(Math.trunc(Number(a) / 1e10)));
  for (const b of vals) {
    add("add", a + b); add("sub", a - b); add("mul", a * b);
    if (b !== 0n) { add("div", a / b); add("rem", a % b); }
    add("and", a & b); add("or", a | b); add("xor", a ^ b);
    add("lt", a < b ? 1n : 0n); add("eq", a == b ? 1n : 0n);
    const s = b % 70n;
    add("shl", a << s); add("shr", a >> s);
  }
  for (const e of [0n, 1n, 2n, 3n, 7n]) add("pow", a ** e);
  for (const n of [0.5, -1.5, 1e20, -1e20, 2 ** 64, Number.MAX_VALUE, NaN, Infinity]) {
    add("cmpNum", (a < n ? 1n : 0n) + (a > n ? 2n : 0n) + (a == n ? 4n : 0n));
  }
}
const out = {};
for (const k of Object.keys(digest)) out[k] = String(digest[k]);
return out;
