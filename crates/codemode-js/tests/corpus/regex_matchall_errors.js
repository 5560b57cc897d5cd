const out = [];
try { "a".matchAll(/a/); } catch (e) { out.push(e.constructor.name + ": " + e.message); }
const it = "a1a2".matchAll("a(\\d)");
out.push(it.next().value[1], it.next().value[1], it.next().done);
return out;
