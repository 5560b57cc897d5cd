const s = Symbol("v");
const out = [];
try { structuredClone({ a: s }); } catch (e) { out.push(e.name); }
try { structuredClone(s); } catch (e) { out.push(e.name); }
const c = structuredClone({ x: 1, [s]: 2 });
out.push(Object.getOwnPropertySymbols(c).length, c.x);
return out;
