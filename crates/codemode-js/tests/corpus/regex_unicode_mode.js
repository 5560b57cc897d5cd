const s = "a😀b";
return [
  s.match(/./g).length,
  s.match(/./gu).length,
  /^.$/u.test("😀"),
  /\u{1F600}/u.test(s),
  s.replace(/(?:)/gu, "|"),
  s.split(/(?:)/u),
  /\p{Emoji_Presentation}/u.test("😀"),
  "x😀y".search(/\p{Extended_Pictographic}/u),
];
