// A program that redefines a flag getter or exec on RegExp.prototype: the String methods
// and RegExp's symbol methods read them (the native paths must not answer for them).
const out = {};
const proto = RegExp.prototype;
const saved = {};
for (const k of ["flags", "global", "unicode", "exec"]) saved[k] = Object.getOwnPropertyDescriptor(proto, k);
const log = [];
Object.defineProperty(proto, "global", {
  get() { log.push("global " + this.source); return saved.global.get.call(this); },
  configurable: true,
});
out.withLoggingGlobal = ["a1b22".match(/\d+/g), "a1b22".replace(/\d/g, "#"), "x-y".split(/-/), /q/.test("q"), "zz".search(/z/)];
out.log1 = log.splice(0);
// A `global` that claims `g` for a sticky RegExp: match collects every match, replace
// replaces each (lastIndex moves with the RegExp's own sticky flag).
Object.defineProperty(proto, "global", {
  get() { log.push("claimed " + this.source); return this.source === "[ab]" || saved.global.get.call(this); },
  configurable: true,
});
out.claimedGlobal = ["abab".match(/[ab]/y), "abc".replace(/[ab]/y, "-"), "abab".replace(/[ab]/y, (m) => m.toUpperCase())];
out.log2 = log.splice(0);
Object.defineProperty(proto, "flags", saved.flags);
Object.defineProperty(proto, "global", saved.global);
proto.exec = function (s) { log.push("exec " + s); return saved.exec.value.call(this, s); };
out.patchedExec = ["k1k2".match(/k/g), "k1".replace(/\d/, "#"), /k/.test("k")];
out.log3 = log.splice(0);
Object.defineProperty(proto, "exec", saved.exec);
out.restored = ["k1k2".match(/k/g), "k1".replace(/\d/, "#"), /k/.test("k"), "a1b22".split(/\d+/), log.length];
return out;
