// String.prototype.normalize in all four forms, over composed and decomposed text,
// compatibility characters, Hangul, and a lone surrogate between normalizable runs.
const samples = [
  "caf\u00e9", "cafe\u0301", "\u212b", "A\u030a", "\ufb01", "\u2460", "\u1e9b\u0323",
  "\uac00", "\u1100\u1161", "x\ud800e\u0301", "\u0301start", "plain ascii", "",
  "\u00c5\u0327", "\u03d3", "\u2126\u00b5", "e\u0301\u0327\u0300",
];
const out = [];
for (const s of samples) {
  const row = {};
  for (const f of ["NFC", "NFD", "NFKC", "NFKD"]) {
    row[f] = [...s.normalize(f)].map((c) => c.codePointAt(0).toString(16)).join(" ");
  }
  row.default = s.normalize() === s.normalize("NFC");
  out.push(row);
}
let bad;
try { "a".normalize("nfc"); } catch (e) { bad = [e.name, e.message]; }
return { out, bad, undef: "\u00e9".normalize(undefined) === "\u00e9" };
