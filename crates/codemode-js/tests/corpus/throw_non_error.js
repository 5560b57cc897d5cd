try { throw {code: 42}; } catch (e) { return e.code; }
