const s = "John Smith, Jane Doe";
return [
  s.replace(/(\w+) (\w+)/, "$2 $1"),
  s.replace(/(\w+) (\w+)/g, "$2, $1"),
  s.replace(/(?<first>\w+) (?<last>\w+)/g, "$<last>-$<first>"),
  s.replace(/Smith/, "[$&]"),
  s.replace(/Smith/, "[$`]"),
  s.replace(/Smith/, "[$']"),
  s.replace(/Smith/, "$$"),
  s.replace(/(J)/g, "$1$1"),
  s.replace(/(J)/g, "$0$2$10$01"),
  s.replace(/x/g, "y"),
  "aaa".replace(/a*?/g, "-"),
  "abc".replace(/(?:)/g, "."),
];
