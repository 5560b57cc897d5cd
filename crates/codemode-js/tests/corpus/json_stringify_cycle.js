const a = {}; a.self = a; try { JSON.stringify(a); } catch (e) { return e.name; }
