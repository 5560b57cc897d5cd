// source, flags and the flag properties are accessors on RegExp.prototype; an instance's
// only own property is lastIndex.
const out = {};
const re = /a\/b[/]/gimsd;
out.own = Object.getOwnPropertyNames(re);
out.lastIndex = Object.getOwnPropertyDescriptor(re, "lastIndex");
out.hasOwnGlobal = Object.prototype.hasOwnProperty.call(re, "global");
out.values = [re.source, re.flags, re.global, re.ignoreCase, re.multiline, re.dotAll, re.unicode, re.sticky, re.hasIndices, re.unicodeSets];
out.made = [new RegExp("a/b\n").source, new RegExp("").source, RegExp("x", "yu").flags, new RegExp(re).flags, new RegExp(re, "y").source];
const names = ["dotAll", "flags", "global", "hasIndices", "ignoreCase", "multiline", "source", "sticky", "unicode", "unicodeSets"];
out.descriptors = names.map((k) => {
  const d = Object.getOwnPropertyDescriptor(RegExp.prototype, k);
  return [k, typeof d.get, d.set, d.enumerable, d.configurable, d.get.name, d.get.length];
});
// On RegExp.prototype itself: "(?:)", undefined flags, "" for flags.
out.onProto = names.map((k) => RegExp.prototype[k]);
out.protoString = RegExp.prototype.toString();
out.errors = [];
for (const k of names) {
  const get = Object.getOwnPropertyDescriptor(RegExp.prototype, k).get;
  for (const recv of [{}, 1, "s", undefined]) {
    try { out.errors.push([k, get.call(recv)]); } catch (e) { out.errors.push([k, e.constructor.name]); }
  }
}
// `flags` is generic: it reads each flag property, in the order d g i m s u v y (node 20
// reads `unicodeSets` last, so it is a data property here).
const reads = [];
const fake = { unicodeSets: false };
for (const k of ["hasIndices", "global", "ignoreCase", "multiline", "dotAll", "unicode", "sticky"]) {
  Object.defineProperty(fake, k, { get() { reads.push(k); return k.length % 2 === 0; } });
}
const flagsGet = Object.getOwnPropertyDescriptor(RegExp.prototype, "flags").get;
out.genericFlags = [flagsGet.call(fake), reads, flagsGet.call({ global: 1, sticky: "y", unicode: 0 })];
out.toStringGeneric = RegExp.prototype.toString.call({ source: "x+", flags: "q" });
// An own flag property on an instance changes what the protocol sees (node 20's match and
// replace read `global`, ECMAScript's read `flags`, which reads `global`: so `global` here).
const oneOnly = /1/g;
Object.defineProperty(oneOnly, "flags", { value: "" });
out.ownFlags = [oneOnly.global, String(oneOnly), Object.getOwnPropertyNames(oneOnly)];
const folded = /b/;
Object.defineProperty(folded, "flags", { value: "i" });
out.splitFlags = ["aBcbd".split(folded), "aBcbd".split(/b/)];
const notGlobal = /X/g;
Object.defineProperty(notGlobal, "global", { value: false });
out.ownGlobal = [notGlobal.flags, "aXbX".match(notGlobal).index, "aXbX".replace(notGlobal, "-"), "aXbX".replaceAll(/X/g, "-")];
// Assigning an inherited getter without a setter changes nothing.
const assigned = /z/;
assigned.global = true;
assigned.source = "y";
out.assigned = [assigned.global, assigned.source, Object.getOwnPropertyNames(assigned)];
// Instances are plain again once nothing shadows: the native paths agree.
out.plain = ["a1b1".replace(/1/g, "x"), "a1b1".match(/1/g), "aBcbd".split(/b/i)];
return out;
