const out = [];
const s = Symbol("q");
out.push(Object.keys(Symbol), typeof Symbol.prototype.description, Symbol.length, Symbol.name);
out.push([Symbol.iterator].map(String), JSON.stringify({ k: [Symbol("z")] }));
out.push(Symbol.prototype.toString.call(Object(s)));
try { Symbol.prototype.toString.call("x"); } catch (e) { out.push(e.message); }
out.push(s.constructor === Symbol, Object.getPrototypeOf(s) === Symbol.prototype);
out.push([1, 2, 3].values().toString(), typeof [][Symbol.iterator]().next);
const it = [1,2][Symbol.iterator]();
out.push(Object.keys(it), JSON.stringify(it));
return out;
