const log = [];
new Promise(r => { log.push('exec'); r(); }).then(() => { log.push('t1'); Promise.resolve().then(() => log.push('inner')); }).then(() => log.push('t2'));
log.push('sync');
for (let i = 0; i < 5; i++) await null;
return log;
