const s = new String("ab"), n = new Number(5), b = new Boolean(false);
const out = [typeof s, typeof n, typeof b, s.length, s[1], s + "c", n + 1, n * 2, !!b, b == false, s == "ab", s === "ab",
  String(s), Number(n), n.toFixed(2), s.toUpperCase(), s.charAt(0), b.toString(), n.valueOf(), s.valueOf(),
  Object.prototype.toString.call(s), Object.prototype.toString.call(n), Object.prototype.toString.call(b),
  JSON.stringify([s, n, b, {s}]), `${s}${n}`, [s, n].join("-"), typeof Object(1), Object("x").length, n > 4, s < "b",
  Object.keys(n), Object.keys(s), Object.entries(new String("xy")), isNaN(new Number(NaN)), new Number(7) + new Number(1)];
console.log(s, n, b, [new Number(-0)]);
return out.concat([s, n, b]);
