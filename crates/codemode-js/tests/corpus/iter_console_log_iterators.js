const o = { a: 1 };
o[Symbol.for("x")] = 2;
console.log(o, [1, 2].values(), "ab"[Symbol.iterator]());
const e = [..."ab"].entries();
console.log(e.next(), Object.prototype.toString.call(e));
return Object.entries(o);
