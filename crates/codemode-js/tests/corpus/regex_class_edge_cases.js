return [
  /[]/.test("a"), /[^]/.test("\n"), /[-a]/.test("-"), /[a-]/.test("-"), /[\]]/.test("]"), /[\\]/.test("\\"),
  /[a-c-e]/.test("-"), /[\s\S]/.test("x"), /[.]/.test("a"), /[^\d\s]/.exec("1 a")[0], /[\u0041-\u0043]+/.exec("ABCD")[0],
];
