const w = Object(42n);
return {
  type: typeof w, isBig: typeof w.valueOf(), plus: String(w + 1n), eq: w == 42n, strict: w === 42n,
  tag: Object.prototype.toString.call(w), tag2: Object.prototype.toString.call(1n), inst: w instanceof BigInt, prim: 1n instanceof BigInt,
  proto: Object.getPrototypeOf(1n) === BigInt.prototype, str: w.toString(2), ctor: (1n).constructor === BigInt,
};
