// The same RegExp objects before and after a program changes what the protocol finds: an
// own property, an own Symbol.split, a replaced exec on the prototype, a species, a
// non-zero lastIndex, a String object as the receiver.
const out = {};
const re = /(\d+)-(\d+)/;
out.plain = ["1-2 3-4".match(re)[2], "a1-2b".search(re), re.test("9-9"), "x1-2y".split(re), "1-2".replace(re, "$2$1")];
re.note = "own data property";
out.withProp = ["1-2 3-4".match(re)[1], "a1-2b".search(re), re.test("9-9"), "x1-2y".split(re), "1-2".replace(re, "$2+$1")];
const sep = /,/;
sep[Symbol.split] = function (s, lim) { return ["own split", s.length, lim]; };
out.ownSplit = ["a,b".split(sep), "a,b".split(sep, 1), "a,b".split(/,/)];
const g = /o/g;
g.lastIndex = 2;
out.search = ["foo".search(g), g.lastIndex, "foo".replaceAll(g, "0"), g.lastIndex];
out.wrapper = [String.prototype.split.call(new String("a-b"), /-/), String.prototype.match.call(12321, /2/g)];
const seen = [];
const builtinExec = RegExp.prototype.exec;
RegExp.prototype.exec = function (s) { seen.push(this.source); return builtinExec.call(this, s); };
out.patched = ["a1b2".match(/\d/g), /x/.test("yxy"), "a,b".split(/,/), "q1".replace(/\d/, "#"), "zz".search(/z/)];
RegExp.prototype.exec = builtinExec;
class Sub extends RegExp {}
const species = Object.getOwnPropertyDescriptor(RegExp, Symbol.species);
Object.defineProperty(RegExp, Symbol.species, { get() { seen.push("species"); return Sub; }, configurable: true });
out.species = ["a1b2c".split(/\d/), "x".split("")];
Object.defineProperty(RegExp, Symbol.species, species);
out.restored = ["a1b2c".split(/\d/), /b/.test("abc"), "abc".match(/b/).index];
const frozen = /a/g;
Object.defineProperty(frozen, "lastIndex", { writable: false });
out.readOnly = [];
for (const f of [() => "aaa".replace(frozen, "b"), () => "aaa".match(frozen), () => frozen.test("a"), () => frozen.exec("a")]) {
  try { out.readOnly.push(f()); } catch (e) { out.readOnly.push(`${e.name}: ${e.message}`); }
}
out.seen = seen;
return out;
