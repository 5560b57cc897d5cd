// Splitting by a RegExp of literal characters only, against its neighbours.
const cases = ["/api/v1/orders/123", "a, b, c", "", "no-sep", "//", ", , ,", "x/y/", "é/ü/z"];
const out = [];
for (const s of cases) {
  out.push(s.split(/\//), s.split(/, /), s.split(/\//, 2), s.split(/\//, 0), s.split(/\//g));
  out.push(s.split(/\//y), s.split(/\//u), s.split(/,/i), s.split(/(\/)/), s.split(/\/?/));
}
out.push("aXbxc".split(/x/i), "aXbxc".split(/x/), "a😀b😀".split(/😀/u), "a😀b😀".split(/😀/));
out.push("a.b.c".split(/\./, 2), "a.b.c".split(/\./, -1), "a.b.c".split(/\./, 2 ** 32 + 1));
out.push("é/ü/😀/z".split(/\//), "é/ü/😀/z".split(/\//u));
// The receiver is evaluated once, whatever it is.
let reads = 0;
const holder = {
  get path() {
    reads++;
    return "/a/b";
  },
};
out.push(holder.path.split(/\//), reads);
const custom = { split(sep) { return ["own", String(sep)]; } };
out.push(custom.split(/\//), [1, 2].join("/").split(/\//));
// A program's own String.prototype.split, RegExp.prototype[Symbol.split] or species.
const savedSplit = String.prototype.split;
String.prototype.split = function (sep) {
  return ["patched", String(sep), String(this)];
};
out.push("x/y".split(/\//));
String.prototype.split = savedSplit;
const savedSym = RegExp.prototype[Symbol.split];
RegExp.prototype[Symbol.split] = function (s) {
  return ["sym", this.source, s];
};
out.push("x/y".split(/\//), "x/y".split("/"));
RegExp.prototype[Symbol.split] = savedSym;
out.push("x/y".split(/\//), "a1b22c".split(/\d+/), "a1b".split(/(\d)/));
return out;
