function wrap() { try { JSON.parse('x'); } catch (e) { throw new Error('wrapped', {cause: e}); } } try { wrap(); } catch (e) { return [e.message, e.cause.name, 'cause' in e]; }
