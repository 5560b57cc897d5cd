const log = [];
const it = () => ({ [Symbol.iterator]() { let i = 0; return { next: () => ({ value: i++, done: false }), return() { log.push("closed"); return {}; } }; } });
function find(pred) { for (const x of it()) { if (pred(x)) return x; } }
function withFinally() { try { for (const x of it()) { if (x === 1) return "r" + x; } } finally { log.push("finally"); } }
const r = [find((x) => x > 2), withFinally()];
return { r, log };
