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
return out;
