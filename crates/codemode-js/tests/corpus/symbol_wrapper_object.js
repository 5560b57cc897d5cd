const s = Symbol("w");
const w = Object(s);
return [typeof w, w.description, w.valueOf() === s, w.toString(), Object.prototype.toString.call(w), Symbol.prototype.toString.call(s), w instanceof Symbol, s instanceof Symbol];
