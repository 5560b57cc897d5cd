// A string given to match/search/matchAll is a pattern; to replace/split it is literal text.
const t = "a.c abc";
return [
  t.match(".")[0],
  t.search("b"),
  t.search("."),
  [...t.matchAll("[ab]")].map((m) => m[0]).join(""),
  t.replace(".", "!"),
  t.split("."),
  t.replaceAll("a", "A"),
  "x1y".match(undefined),
  "abc".search(),
  String("null here".match(null)),
  "3 + 4".split(3 + ""),
];
