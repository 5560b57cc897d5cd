const r = [
  BigInt.asIntN(8, 127n), BigInt.asIntN(8, 128n), BigInt.asIntN(8, 255n), BigInt.asIntN(8, -129n),
  BigInt.asUintN(8, 256n), BigInt.asUintN(8, -1n), BigInt.asUintN(64, -1n), BigInt.asIntN(64, 2n ** 63n),
  BigInt.asIntN(0, 5n), BigInt.asUintN(0, 5n), BigInt.asIntN(1, 1n), BigInt.asIntN(1, -1n), BigInt.asIntN(200, -5n),
  BigInt.asUintN(2 ** 40, 12345n), BigInt.asIntN(3, "7"), BigInt.asUintN(3.9, 15n),
].map(String);
const errs = [];
for (const f of [() => BigInt.asIntN(-1, 1n), () => BigInt.asUintN(8, 1), () => BigInt.asIntN(2 ** 53, 1n)]) {
  try { f(); errs.push("ok"); } catch (e) { errs.push(`${e.name}: ${e.message}`); }
}
return { r, errs };
