function* g() {}
try { new g(); return 'constructed'; } catch (e) { return [e.constructor.name, e.message]; }
