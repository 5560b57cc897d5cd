const log = [];
async function a() { log.push('a start'); await null; log.push('a end'); }
async function b() { log.push('b start'); await a(); log.push('b end'); }
b();
Promise.resolve().then(() => log.push('then1')).then(() => log.push('then2')).then(() => log.push('then3'));
log.push('sync');
await new Promise(r => r());
await null; await null; await null;
return log;
