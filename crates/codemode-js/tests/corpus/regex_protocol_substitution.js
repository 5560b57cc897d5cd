// Replacement patterns: $$, $&, $`, $', $n, $nn, $0, $<name>, out-of-range groups.
const s = "John Smith";
const re = /(\w+)\s(\w+)/;
return [
  s.replace(re, "$2, $1"),
  s.replace(re, "$$1"),
  s.replace(re, "[$&]"),
  "abc".replace(/b/, "$`|$'"),
  s.replace(re, "$3$0$00"),
  "abcdefghijk".replace(/(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)/, "$11-$10-$01-$1"),
  "2026-03".replace(/(?<y>\d+)-(?<m>\d+)/, "$<m>/$<y>/$<nope>/$<"),
  "2026-03".replace(/(\d+)-(\d+)/, "$<y>"),
  "aaa".replace(/a/g, "$'"),
  "x".replace("x", "$&$&$`"),
  "a.b.c".replaceAll(".", "$$"),
];
