try { await Promise.resolve().then(() => { throw new RangeError('in then'); }); } catch (e) { return e.name; }
