const out = [];
for (const v of [1, -0, 2 ** 53, 1e21, true, false, "123", " 0x1F ", "0b101", "0o17", "-42", "+7", "", "  ", [], [9], "007"]) {
  out.push(String(BigInt(v)));
}
const errs = [];
for (const v of [1.5, NaN, Infinity, "1.5", "1e3", "abc", "-0x10", "1_000", "12n", undefined, null, Symbol("s"), {}]) {
  try { BigInt(v); errs.push("ok"); } catch (e) { errs.push(`${e.name}: ${e.message}`); }
}
let ctor;
try { new BigInt(1); } catch (e) { ctor = `${e.name}: ${e.message}`; }
return { out, errs, ctor, name: BigInt.name, length: BigInt.length };
