function* g() { yield 1; }
const next = g().next;
const errs = [];
for (const v of [undefined, {}, 1]) {
  try { next.call(v); } catch (e) { errs.push(e.constructor.name); }
}
return errs;
