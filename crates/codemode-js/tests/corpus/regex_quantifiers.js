const s = "aaaa";
return [
  s.match(/a{2}/)[0], s.match(/a{2,}/)[0], s.match(/a{1,3}/)[0], s.match(/a{1,3}?/)[0],
  s.match(/a+?/)[0], s.match(/a*?/)[0], s.match(/a??/)[0], "<a><b>".match(/<.+>/)[0], "<a><b>".match(/<.+?>/)[0],
  "x{1}".match(/x\{1\}/)[0], "a{,2}".match(/a{,2}/)[0], "ab{".match(/b{/)[0],
];
