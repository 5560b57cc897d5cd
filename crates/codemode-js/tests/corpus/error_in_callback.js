try { [1, 2].map(x => { if (x === 2) throw new Error('cb'); return x; }); } catch (e) { return e.message; }
