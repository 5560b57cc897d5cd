const s = Symbol("x");
const out = [];
for (const f of [() => "" + s, () => `${s}`, () => s + 1, () => +s, () => s * 2, () => new Symbol(), () => String.prototype.concat.call("a", s)]) {
  try { out.push(f()); } catch (e) { out.push(e.constructor.name + ": " + e.message); }
}
out.push(String(s), s.toString(), [s].length);
return out;
