try { try { throw new Error('first'); } finally { throw new Error('second'); } } catch (e) { return e.message; }
