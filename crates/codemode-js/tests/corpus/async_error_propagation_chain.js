async function level3() { throw new Error('deep'); }
async function level2() { return await level3(); }
async function level1() { try { return await level2(); } catch (e) { return 'handled: ' + e.message; } }
return await level1();
