const errs = [];
for (const v of [1n, { a: 1n }, [1n], Object(2n)]) {
  try { JSON.stringify(v); errs.push("ok"); } catch (e) { errs.push(`${e.name}: ${e.message}`); }
}
const replaced = JSON.stringify({ id: 9007199254740993n, n: 1 }, (k, v) => (typeof v === "bigint" ? v.toString() : v));
BigInt.prototype.toJSON = function () { return `${this}n`; };
const withToJSON = JSON.stringify({ a: 5n, b: [6n] });
delete BigInt.prototype.toJSON;
const parsed = JSON.parse('{"id":"12345678901234567890"}', (k, v) => (k === "id" ? BigInt(v) : v));
return { errs, replaced, withToJSON, parsedType: typeof parsed.id, parsed: String(parsed.id + 1n) };
