async function* g() {}
const next = g().next;
const out = [];
try { await next.call({}); } catch (e) { out.push(e.constructor.name); }
const p = next.call(1);
out.push(p instanceof Promise);
try { await p; } catch (e) { out.push(e.constructor.name); }
return out;
