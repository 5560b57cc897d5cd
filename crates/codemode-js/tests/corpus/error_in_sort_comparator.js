try { [3, 1, 2].sort(() => { throw new Error('cmp'); }); } catch (e) { return e.message; }
