const bad = {then() { throw new Error('then threw'); }}; try { await bad; } catch (e) { return e.message; }
