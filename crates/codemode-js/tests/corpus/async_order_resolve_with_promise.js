const log = [];
const inner = Promise.resolve('v');
new Promise(r => r(inner)).then(v => log.push('outer ' + v));
inner.then(() => log.push('a')).then(() => log.push('b')).then(() => log.push('c'));
for (let i = 0; i < 6; i++) await null;
return log;
