const log = [];
Promise.resolve().then(() => log.push('a1')).then(() => log.push('a2'));
Promise.resolve().then(() => log.push('b1')).then(() => log.push('b2'));
log.push('sync');
await null;
log.push('after await');
await Promise.resolve();
return log;
