try { try { throw new TypeError('inner'); } catch (e) { throw new RangeError('outer: ' + e.message, {cause: e}); } } catch (e) { return [e.name, e.message, e.cause.name]; }
