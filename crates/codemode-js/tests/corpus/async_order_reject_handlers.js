const log = [];
const p = Promise.reject(new Error('e'));
p.catch(e => log.push('catch1 ' + e.message));
p.then(null, e => log.push('then-rej ' + e.message));
p.finally(() => log.push('finally')).catch(() => log.push('after finally'));
for (let i = 0; i < 5; i++) await null;
return log;
