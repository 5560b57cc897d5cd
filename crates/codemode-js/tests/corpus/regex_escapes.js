return [
  /\x41\u0042\t/.test("AB\t"), /\0/.test("\0"), /[\b]/.test("\b"), /\cJ/.test("\n"),
  /\d\D\w\W\s\S/.test("1a_ \t!x"), /\//.test("/"), /[/]/.test("/"), /\./.test("a"), /a\.b/.test("a.b"),
  /\u{61}/.test("a"), /\u{61}/u.test("a"), /\u{3}/.test("uuu"),
];
