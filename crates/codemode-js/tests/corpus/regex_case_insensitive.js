return [
  /straße/i.test("STRASSE"),
  /ß/i.test("ẞ"),
  /ß/iu.test("ẞ"),
  /[a-z]+/i.exec("HeLLo")[0],
  /k/iu.test("\u212A"),
  /k/i.test("\u212A"),
  /\w/iu.test("\u017F"),
  /σ/i.test("Σ"),
  /ς/iu.test("Σ"),
  "ÀÉÎ".match(/[à-ï]+/i)[0],
];
