// Numbers substituted into templates (their digits written straight into the result),
// between substitutions whose conversions run in order.
const log = [];
const o = { toString() { log.push("o"); return "O"; } };
const nums = [0, -0, 1, -1, 7, 10, 99, 100, 12345, -98765, 2 ** 31, 2 ** 32 + 1, 1e15 - 1, 1e15,
  1e21, 123456789012345680000, 0.5, -1.25, 1 / 3, NaN, Infinity, -Infinity, 5e-7, 2 ** 53];
const out = [];
for (const n of nums) {
  out.push(`${n}`, `[${n}]`, `${n}${n}`, `a${n}b${o}c${n + 1}`, `${o}${n}`, `${"s"}-${n}`);
}
const many = `${1}${2}${3}${4}${5}${6}${7}${8}${9}${10}${11}`;
const mixed = `${true}${null}${undefined}${1n}${[1, 2]}${-0}`;
let i = 0;
const bumps = `${i++}:${i++}:${i}`;
return [out.join("|"), many, mixed, bumps, log.length, typeof `${5}`, `${5}` === "5"];
