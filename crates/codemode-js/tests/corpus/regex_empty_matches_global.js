return ["abc".match(/x*/g), "abc".replace(/x*/g, "-"), "a😀".replace(/(?:)/g, ".").length, "a😀".replace(/(?:)/gu, "."), [..."ab".matchAll(/(?:)/g)].map((m) => m.index)];
