const log = [];
const make = (n) => ({
  [Symbol.iterator]() {
    let i = 0;
    return {
      next() { log.push("next" + i); return i < n ? { value: i++, done: false } : { done: true }; },
      return() { log.push("return"); return {}; },
    };
  },
});
const [a, b] = make(5);
log.push(`a=${a} b=${b}`);
const [c, d, e] = make(2);
log.push(`c=${c} d=${d} e=${e}`);
const [f, ...rest] = make(3);
log.push(`f=${f} rest=${rest}`);
let x, y;
[x, y] = make(4);
log.push(`x=${x} y=${y}`);
function params([p, q]) { return p + q; }
log.push("params=" + params(make(9)));
return log;
