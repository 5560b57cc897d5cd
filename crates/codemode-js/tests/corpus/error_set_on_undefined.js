let u; try { u.x = 1; } catch (e) { return e.message; }
