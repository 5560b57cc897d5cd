function* g() { try { yield 1; } catch (e) { return 'caught'; } }
const it = g();
let m;
try { it.throw('early'); } catch (e) { m = e; }
return [m, it.next()];
