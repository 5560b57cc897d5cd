try { nope + 1; } catch (e) { return e.name + ': ' + e.message; }
