const o = {a: {}}; try { o.a.b.c(); } catch (e) { return e.message; }
