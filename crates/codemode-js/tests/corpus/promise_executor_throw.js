const p = new Promise(() => { throw new Error('exec'); }); try { await p; } catch (e) { return e.message; }
