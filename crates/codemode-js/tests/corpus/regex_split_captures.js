return [
  "a1b22c333d".split(/(\d+)/),
  "a, b;c ,d".split(/\s*[,;]\s*/),
  "one  two   three".split(/\s+/),
  "abc".split(/(?:)/),
  "".split(/x/),
  "".split(/(?:)/),
  "a-b_c".split(/([-_])/, 2),
  "test".split(/(t)?/),
];
