const c = 1; try { c = 2; } catch (e) { return [e.name, e.message, c]; }
