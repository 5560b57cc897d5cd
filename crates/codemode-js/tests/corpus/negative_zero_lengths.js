function fn(a, b) {}
Object.defineProperty(fn, "length", { value: -0 });
const bound = fn.bind();
Object.defineProperty(fn, "length", { value: -0.5 });
const like = { length: -0, 0: "x" };
return [Object.is(bound.length, 0), Object.is(fn.bind().length, 0), Array.prototype.indexOf.call(like, "x"), Array.from(like).length, Object.is([].concat.call([], []).length, 0)];
