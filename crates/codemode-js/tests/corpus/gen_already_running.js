let it;
function* g() { try { it.next(); } catch (e) { yield e.message; } }
it = g();
return it.next();
