return [
  "abcXYZ123".match(/[\p{L}--[a-z]]+/v)[0],
  "a1b2c3".match(/[\w&&\d]/gv),
  "ab abc x".match(/[\q{abc|ab}x]/gv),
  /[[a-z]--[aeiou]]+/v.exec("rhythm and blues")[0],
  /^[\p{ASCII}&&\p{L}]+$/v.test("abc"),
  /^[\p{ASCII}&&\p{L}]+$/v.test("abç"),
];
