const s = "héllo 👋!";
const it = s[Symbol.iterator]();
const first = it.next();
const chars = [...s];
const out = [];
for (const ch of "ab😀") out.push(ch);
return { first, chars, len: chars.length, out, tag: Object.prototype.toString.call(it), from: Array.from("xyz") };
