async function f() { throw new TypeError('async fail'); } try { await f(); } catch (e) { return e.name + ' ' + e.message; }
