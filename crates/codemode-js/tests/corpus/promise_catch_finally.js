const log = [];
const r = await Promise.reject(new Error('no')).catch(e => { log.push('caught ' + e.message); return 'rec'; }).finally(() => log.push('fin'));
const r2 = await Promise.resolve(5).finally(() => 99);
try { await Promise.resolve(1).finally(() => { throw new Error('f'); }); } catch (e) { log.push(e.message); }
return [r, r2, log];
