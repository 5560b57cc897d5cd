// WeakMap and WeakSet hold objects only and cannot be listed.
const T = (f) => { try { return f(); } catch (e) { return e.name + ": " + e.message; } };
const k1 = {}, k2 = [];
const wm = new WeakMap([[k1, "one"]]);
wm.set(k2, "two");
const ws = new WeakSet([k1]);
return [wm.get(k1), wm.get(k2), wm.has({}), T(() => wm.set(1, 2)), T(() => wm.set("s", 2)), wm.delete(k1), wm.has(k1),
  ws.has(k1), ws.has(k2), T(() => ws.add(1)), ws.add(k2) === ws, typeof wm.size, typeof wm.forEach, typeof ws.keys,
  Object.prototype.toString.call(wm), Object.prototype.toString.call(ws), wm.get(1), ws.has("x"), T(() => WeakMap())];
