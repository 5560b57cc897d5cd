// matchAll copies the RegExp (flags and lastIndex) and leaves the original alone.
const re = /a(\d)/g;
re.lastIndex = 3;
const all = [..."a1 a2 a3 a4".matchAll(re)].map((m) => [m[0], m[1], m.index]);
const fromString = [..."1.2.3".matchAll(".")].map((m) => m[0]);
const empties = [..."abc".matchAll(/(?:)/g)].map((m) => m.index);
const uni = [..."😀😀".matchAll(/(?:)/gu)].map((m) => m.index);
let err = null;
try { "x".matchAll(/x/); } catch (e) { err = `${e.name}: ${e.message}`; }
return { all, lastIndex: re.lastIndex, fromString, empties, uni, err };
