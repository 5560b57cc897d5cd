try { await Promise.any([]); } catch (e) { return [e.constructor.name, e.errors]; }
