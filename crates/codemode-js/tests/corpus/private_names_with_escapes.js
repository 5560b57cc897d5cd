class C {
  #\u{6F} = 'o';
  #\u2118 = 'weierstrass';
  #ZW_\u200C_NJ = 'zwnj';
  static read(c) { return [c.#o, c.#℘, c.#ZW_‌_NJ, #\u{6F} in c]; }
}
return C.read(new C());
