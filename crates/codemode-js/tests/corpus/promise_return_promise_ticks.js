const log = [];
async function f() { return Promise.resolve('x'); }
f().then(v => log.push('f ' + v));
Promise.resolve().then(() => log.push(1)).then(() => log.push(2)).then(() => log.push(3)).then(() => log.push(4));
await null; await null; await null; await null; await null;
return log;
