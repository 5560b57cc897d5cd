const log = [];
const iterable = {
  [Symbol.iterator]() {
    let i = 0;
    return {
      next() { log.push("next"); return { value: i++, done: false }; },
      return() { log.push("return"); return { done: true }; },
    };
  },
};
for (const x of iterable) { if (x === 2) break; }
log.push("--");
function first() { for (const x of iterable) return x; }
first();
log.push("--");
try { for (const x of iterable) throw new Error("boom"); } catch (e) { log.push(e.message); }
log.push("--");
outer: for (const a of [1, 2]) { for (const b of iterable) { continue outer; } }
return log;
