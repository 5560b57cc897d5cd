const a = await Promise.race([new Promise(r => r('first')), Promise.resolve('second')]);
const b = await Promise.any([Promise.reject(new Error('x')), Promise.resolve('ok')]);
try { await Promise.any([Promise.reject(new Error('1')), Promise.reject(new Error('2'))]); } catch (e) { return [a, b, e.name, e.errors.length, e.message]; }
