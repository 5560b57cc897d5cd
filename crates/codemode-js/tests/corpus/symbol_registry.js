const a = Symbol.for("app.user"), b = Symbol.for("app.user"), c = Symbol("app.user");
const out = [a === b, a === c, Symbol.keyFor(a), Symbol.keyFor(c), Symbol.keyFor(Symbol.iterator)];
try { Symbol.keyFor("app.user"); } catch (e) { out.push(e.constructor.name + ": " + e.message); }
out.push(a.description, String(a));
return out;
