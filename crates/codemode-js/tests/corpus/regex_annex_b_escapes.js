return [
  /\8/.test("8"), /\101/.test("A"), /]/.test("]"), /a{/.test("a{"), /\c/.test("\\c"),
  /[\d-z]+/.exec("1-z")[0], /\k/.test("k"), /[\c1]/.test("\x11"), /\q/.test("q"), /\_/.test("_"),
  /x{1,/.test("x{1,"), /}/.test("}"),
];
