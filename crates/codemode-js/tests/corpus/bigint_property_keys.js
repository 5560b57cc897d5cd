const o = {};
o[1n] = "one";
o[2n ** 64n] = "big";
const lit = { 10n: "ten", 0x10n: "sixteen" };
const arr = ["a", "b", "c"];
return { one: o["1"], big: o["18446744073709551616"], keys: Object.keys(o), lit: Object.keys(lit), arr: arr[1n], has: 1n in o, inArr: 2n in arr };
