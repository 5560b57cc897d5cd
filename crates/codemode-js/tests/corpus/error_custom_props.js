const e = new Error('base'); e.code = 'E1'; e.details = {a: 1}; try { throw e; } catch (x) { return [x.code, x.details.a, x.message]; }
